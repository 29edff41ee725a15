import type { Coded } from '@schooliko/common/messages';
import type { BrandingSlot } from '@schooliko/common/profile-branding';
import { UPLOAD_MESSAGES } from '@schooliko/common/uploads';
import type { AppDispatch, RootState } from '../../app/store';
import { type FormOutcome, postFormSignedIn } from '../../app/upload-form';

/** A refused or failed upload: the server's text and its code, to show in the reader's language. */
export class BrandingUploadError extends Error {
  constructor(
    message: string,
    readonly coded?: Coded,
  ) {
    super(message);
  }
}

/**
 * POST /api/profile/branding/images (multipart `slot`, `file`) as the signed-in admin or director,
 * with upload progress; resolves to the stored picture's address.
 */
export async function uploadBrandingImage(
  slot: BrandingSlot,
  file: File,
  store: { dispatch: AppDispatch; getState: () => RootState },
  onProgress: (percent: number) => void,
): Promise<string> {
  let outcome: FormOutcome;
  try {
    outcome = await postFormSignedIn(
      '/api/profile/branding/images',
      { field: 'file', file, fields: { slot } },
      store,
      onProgress,
    );
  } catch {
    throw new BrandingUploadError(UPLOAD_MESSAGES.imageFailed.text);
  }
  const body = outcome.body as {
    data?: { url?: string };
    message?: string;
    code?: string;
    params?: Coded['params'];
  } | null;
  if (outcome.status >= 200 && outcome.status < 300 && body?.data?.url) return body.data.url;
  if (body?.message && body.code)
    throw new BrandingUploadError(body.message, {
      code: body.code,
      ...(body.params ? { params: body.params } : {}),
    });
  throw new BrandingUploadError(UPLOAD_MESSAGES.imageFailed.text);
}
