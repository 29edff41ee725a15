import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import type { AppDispatch, RootState } from '../../app/store';
import {
  type LogoContext,
  type LogoProblem,
  logoContextReady,
  logoFileProblem,
  uploadGroupLogo,
} from './upload-logo';

/** Spec 4.8: none -> selected (local preview) -> uploading -> uploaded (hosted url). */
export type LogoState =
  | { phase: 'none' }
  | { phase: 'selected'; file: File; preview: string }
  | { phase: 'uploading'; file: File; preview: string; progress: number }
  | { phase: 'uploaded'; preview: string; url: string };

/** What the panel shows under the logo: a spec 5.8 problem, or a failed upload's text. */
export type LogoError = { problem: LogoProblem } | { prerequisites: true } | { upload: string };

type Store = { dispatch: AppDispatch; getState: () => RootState };

export function useGroupLogo(initialUrl: string | null) {
  const store = useStore() as unknown as Store;
  const [state, setState] = useState<LogoState>(
    initialUrl ? { phase: 'uploaded', preview: initialUrl, url: initialUrl } : { phase: 'none' },
  );
  const [error, setError] = useState<LogoError | null>(null);
  const objectUrl = useRef<string | null>(null);

  const releasePreview = useCallback(() => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
  }, []);
  useEffect(() => releasePreview, [releasePreview]);

  /** Edit mode: the group's saved logo arrives after the first render. */
  const reset = useCallback(
    (url: string | null) => {
      releasePreview();
      setError(null);
      setState(url ? { phase: 'uploaded', preview: url, url } : { phase: 'none' });
    },
    [releasePreview],
  );

  const select = useCallback(
    (file: File | null) => {
      const problem = logoFileProblem(file);
      if (problem || !file) {
        setError(problem ? { problem } : null);
        return;
      }
      releasePreview();
      objectUrl.current = URL.createObjectURL(file);
      setError(null);
      setState({ phase: 'selected', file, preview: objectUrl.current });
    },
    [releasePreview],
  );

  const remove = useCallback(() => reset(null), [reset]);

  /** Uploads the selected file; resolves to the hosted url, or null when it could not. */
  const upload = useCallback(
    async (context: LogoContext): Promise<string | null> => {
      if (state.phase === 'uploaded') return state.url;
      if (state.phase !== 'selected') {
        if (state.phase === 'none') setError({ problem: { code: 'noFile', message: '' } });
        return null;
      }
      if (!logoContextReady(context)) {
        setError({ prerequisites: true });
        return null;
      }
      const { file, preview } = state;
      setError(null);
      setState({ phase: 'uploading', file, preview, progress: 0 });
      try {
        const url = await uploadGroupLogo(file, context, store, (progress) =>
          setState({ phase: 'uploading', file, preview, progress }),
        );
        setState({ phase: 'uploaded', preview, url });
        return url;
      } catch (e) {
        setError({ upload: e instanceof Error ? e.message : '' });
        setState({ phase: 'selected', file, preview });
        return null;
      }
    },
    [state, store],
  );

  return { state, error, select, remove, upload, reset };
}
