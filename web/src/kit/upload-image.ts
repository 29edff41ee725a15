import { formatMb, IMAGE_MIME_TYPES, MB, UPLOAD_MESSAGES } from '@schooliko/common/uploads';

/** A file the person picked, checked before it is sent (spec 5.8); the server checks again. */
export function checkImage(file: File, maxMb: number): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return UPLOAD_MESSAGES.invalidType.text;
  if (file.size >= maxMb * MB) return UPLOAD_MESSAGES.tooLarge(maxMb, formatMb(file.size)).text;
  return null;
}

export class UploadError extends Error {}

/**
 * POST /api/uploads with XMLHttpRequest, whose upload progress fetch cannot report.
 * Answers the stored image's URL (secure_url).
 */
export function uploadImage(options: {
  file: File;
  folder: string;
  registrationToken: string;
  onProgress: (percent: number) => void;
  fallback?: string;
}): Promise<string> {
  const fallback = options.fallback ?? UPLOAD_MESSAGES.imageFailed.text;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads');
    xhr.setRequestHeader('X-Registration-Token', options.registrationToken);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as { secure_url?: string; message?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.secure_url) resolve(body.secure_url);
      else reject(new UploadError(body?.message || fallback));
    };
    xhr.onerror = () => reject(new UploadError(fallback));
    xhr.ontimeout = () => reject(new UploadError(fallback));
    xhr.timeout = 60_000;
    const form = new FormData();
    // The folder first: the server reads the fields in order.
    form.append('folder', options.folder);
    form.append('file', options.file);
    xhr.send(form);
  });
}

const COUNTER_KEY = 'schooliko.uploadCounter';

/** Spec 7.6's 4-digit counter: one per registration started in this browser. */
export function nextUploadCounter(): number {
  const next = (Number(localStorage.getItem(COUNTER_KEY)) || 0) + 1;
  localStorage.setItem(COUNTER_KEY, String(next % 10_000));
  return next % 10_000;
}
