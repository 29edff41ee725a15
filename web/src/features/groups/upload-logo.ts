import {
  GROUP_LOGO_HEADERS,
  GROUP_LOGO_MAX_BYTES,
  GROUP_LOGO_MAX_MB,
  GROUP_LOGO_MESSAGES,
} from '@schooliko/common/group-logo';
import { pincodeSchema } from '@schooliko/common/groups';
import { formatMb, IMAGE_MIME_TYPES } from '@schooliko/common/uploads';
import type { AppDispatch, RootState } from '../../app/store';
import { type FormOutcome, postFormSignedIn } from '../../app/upload-form';

export type LogoProblem =
  | { code: 'noFile' | 'invalidType'; message: string }
  | { code: 'tooLarge'; message: string; max: number; size: string };

/** Spec 5.8: null when the file may be uploaded, else what is wrong (English text included). */
export function logoFileProblem(file: { type: string; size: number } | null): LogoProblem | null {
  if (!file) return { code: 'noFile', message: GROUP_LOGO_MESSAGES.noFile.text };
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
    return { code: 'invalidType', message: GROUP_LOGO_MESSAGES.invalidType.text };
  }
  if (file.size >= GROUP_LOGO_MAX_BYTES) {
    const size = formatMb(file.size);
    return {
      code: 'tooLarge',
      message: GROUP_LOGO_MESSAGES.tooLarge(GROUP_LOGO_MAX_MB, size).text,
      max: GROUP_LOGO_MAX_MB,
      size,
    };
  }
  return null;
}

export type LogoContext = { type: string; name: string; city: string; pincode: string };

/** Spec 4.8: upload only once the group's type, name, city and a 6-digit pincode are known. */
export function logoContextReady(context: LogoContext): boolean {
  return (
    context.type.trim() !== '' &&
    context.name.trim() !== '' &&
    context.city.trim() !== '' &&
    pincodeSchema.safeParse(context.pincode).success
  );
}

/** Header values must be Latin-1: names travel percent-encoded and the server decodes them. */
const headerValue = (value: string) => encodeURIComponent(value.trim());

/**
 * POST /api/groups/temp/logo through XMLHttpRequest, whose upload events drive the progress
 * bar (fetch has none). A 401 gets one silent token refresh and a retry, like every other call.
 * Resolves to the hosted url; rejects with the text to show.
 */
export async function uploadGroupLogo(
  file: File,
  context: LogoContext,
  store: { dispatch: AppDispatch; getState: () => RootState },
  onProgress: (percent: number) => void,
): Promise<string> {
  let outcome: FormOutcome;
  try {
    outcome = await postFormSignedIn('/api/groups/temp/logo', { field: 'logo', file }, store, onProgress, {
      [GROUP_LOGO_HEADERS.type]: context.type,
      [GROUP_LOGO_HEADERS.name]: headerValue(context.name),
      [GROUP_LOGO_HEADERS.city]: headerValue(context.city),
      [GROUP_LOGO_HEADERS.pincode]: context.pincode.trim(),
    });
  } catch {
    throw new Error(GROUP_LOGO_MESSAGES.uploadFailed.text);
  }
  const body = outcome.body as { data?: { group_logo?: string }; message?: string } | null;
  const url = body?.data?.group_logo;
  if (outcome.status >= 200 && outcome.status < 300 && url) return url;
  throw new Error(body?.message || GROUP_LOGO_MESSAGES.uploadFallback.text);
}
