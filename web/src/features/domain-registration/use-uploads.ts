import { BRANDING_ROLES, type BrandingRole } from '@schooliko/common/institutes';
import { MAX_FILE_MB, UPLOAD_MESSAGES, uploadFolder } from '@schooliko/common/uploads';
import { type Dispatch, useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { useMessageText } from '../../kit/forms/messages';
import { toast } from '../../kit/toast/toast.slice';
import { checkImage, nextUploadCounter, UploadError, uploadImage } from '../../kit/upload-image';
import type { RegistrationAction, RegistrationState } from './registration.state';

type Target = 'logo' | BrandingRole;

/**
 * Choosing pictures (checked, previewed) and uploading them under the registration grant:
 * the logo alone, the five role images together, each with its own progress.
 */
export function useUploads(state: RegistrationState, dispatch: Dispatch<RegistrationAction>) {
  const tr = useMessageText();
  const appDispatch = useAppDispatch();
  const [uploadingLogo, setUploadingLogo] = useState(false);
  const [uploadingRoles, setUploadingRoles] = useState(false);
  // Spec 7.6's counter: one per registration; Clear starts a new one.
  const counter = useRef<number | null>(null);
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const choose = useCallback(
    (target: Target, file: File) => {
      const problem = checkImage(file, target === 'logo' ? MAX_FILE_MB.instituteLogo : MAX_FILE_MB.general);
      if (problem) {
        appDispatch(toast.error(tr(problem)));
        return;
      }
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      dispatch({ type: 'imageChosen', target, file, preview });
    },
    [appDispatch, dispatch, tr],
  );

  const upload = async (target: Target, fallback: string) => {
    const slot = target === 'logo' ? state.logo : state.roles[target];
    if (!slot.file || !state.grant) throw new UploadError(UPLOAD_MESSAGES.noFile.text);
    counter.current ??= nextUploadCounter();
    const folder = uploadFolder(
      counter.current,
      state.domain,
      new Date(),
      target === 'logo' ? { kind: 'logo' } : { kind: 'role', role: target },
    );
    dispatch({ type: 'imageProgress', target, progress: 0 });
    try {
      const url = await uploadImage({
        file: slot.file,
        folder,
        registrationToken: state.grant.token,
        fallback,
        onProgress: (progress) => dispatch({ type: 'imageProgress', target, progress }),
      });
      dispatch({ type: 'imageUploaded', target, url });
    } catch (error) {
      dispatch({ type: 'imageProgress', target, progress: null });
      throw error;
    }
  };

  const uploadLogo = async () => {
    if (!state.logo.file) {
      appDispatch(toast.error(tr(UPLOAD_MESSAGES.noFile)));
      return;
    }
    setUploadingLogo(true);
    try {
      await upload('logo', UPLOAD_MESSAGES.logoFailed.text);
      appDispatch(toast.success(tr(UPLOAD_MESSAGES.logoUploaded)));
    } catch (error) {
      appDispatch(toast.error(tr(error instanceof UploadError ? error.message : UPLOAD_MESSAGES.logoFailed)));
    } finally {
      setUploadingLogo(false);
    }
  };

  const uploadRoles = async () => {
    const pending = BRANDING_ROLES.filter((role) => !state.roles[role].url);
    setUploadingRoles(true);
    const results = await Promise.allSettled(
      pending.map((role) => upload(role, UPLOAD_MESSAGES.imageFailed.text)),
    );
    setUploadingRoles(false);
    const failed = pending.filter((_, i) => results[i]?.status === 'rejected');
    if (failed.length === 0) {
      appDispatch(toast.success(tr(UPLOAD_MESSAGES.imagesUploaded)));
      return;
    }
    // One failure: its own reason (e.g. the size); several: which roles.
    const only = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    const reason = only?.reason instanceof UploadError ? only.reason.message : UPLOAD_MESSAGES.imageFailed;
    appDispatch(toast.error(tr(failed.length === 1 ? reason : UPLOAD_MESSAGES.someFailed(failed))));
  };

  const reset = () => {
    counter.current = null;
  };

  return { choose, uploadLogo, uploadRoles, uploadingLogo, uploadingRoles, reset };
}
