import type { Coded } from '@schooliko/common/messages';
import { PHOTO_MESSAGES } from '@schooliko/common/people/photos';
import type { AppDispatch, RootState } from '../../app/store';
import { type FormOutcome, postFormSignedIn } from '../../app/upload-form';

/** A refused or failed upload: the server's text and its code, to show in the reader's language. */
export class PhotoUploadError extends Error {
  constructor(
    message: string,
    readonly coded?: Coded,
  ) {
    super(message);
  }
}

/**
 * POST a photo route (multipart `file`: /api/<kind>/:id/photo, /api/auth/me/photo) with upload
 * progress; resolves to what the route answers as it now stands, rejects with a PhotoUploadError.
 */
export async function uploadPhoto<T>(
  url: string,
  file: File,
  store: { dispatch: AppDispatch; getState: () => RootState },
  onProgress: (percent: number) => void,
): Promise<T> {
  let outcome: FormOutcome;
  try {
    outcome = await postFormSignedIn(url, { field: 'file', file }, store, onProgress);
  } catch {
    throw new PhotoUploadError(PHOTO_MESSAGES.failed.text);
  }
  const body = outcome.body as {
    data?: T;
    message?: string;
    code?: string;
    params?: Coded['params'];
  } | null;
  if (outcome.status >= 200 && outcome.status < 300 && body?.data) return body.data;
  if (body?.message && body.code)
    throw new PhotoUploadError(body.message, {
      code: body.code,
      ...(body.params ? { params: body.params } : {}),
    });
  throw new PhotoUploadError(PHOTO_MESSAGES.failed.text);
}
