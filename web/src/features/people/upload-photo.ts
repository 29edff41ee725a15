import type { Coded } from '@schooliko/common/messages';
import type { PhotoKind } from '@schooliko/common/people/photos';
import { PHOTO_MESSAGES } from '@schooliko/common/people/photos';
import type { Staff } from '@schooliko/common/people/staff';
import type { Student } from '@schooliko/common/people/students';
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
 * POST /api/<kind>/:id/photo (multipart `file`) with upload progress; resolves to the record as
 * it now stands, rejects with a PhotoUploadError.
 */
export async function uploadPhoto(
  kind: PhotoKind,
  id: string,
  file: File,
  store: { dispatch: AppDispatch; getState: () => RootState },
  onProgress: (percent: number) => void,
): Promise<Student | Staff> {
  let outcome: FormOutcome;
  try {
    outcome = await postFormSignedIn(`/api/${kind}/${id}/photo`, { field: 'file', file }, store, onProgress);
  } catch {
    throw new PhotoUploadError(PHOTO_MESSAGES.failed);
  }
  const body = outcome.body as {
    data?: Student | Staff;
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
  throw new PhotoUploadError(PHOTO_MESSAGES.failed);
}
