import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { refreshSession } from './api';
import type { AppDispatch, RootState } from './store';

export type FormOutcome = { status: number; body: Record<string, unknown> | null };

type Store = { dispatch: AppDispatch; getState: () => RootState };

/** The file's form field and the file; `fields`: text fields sent before it. */
export type FormFile = { field: string; file: File; fields?: Record<string, string> };

function send(
  url: string,
  file: FormFile,
  token: string | null,
  headers: Record<string, string>,
  onProgress: (percent: number) => void,
) {
  return new Promise<FormOutcome>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: FormOutcome['body'] = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error('network'));
    const form = new FormData();
    for (const [name, value] of Object.entries(file.fields ?? {})) form.append(name, value);
    form.append(file.field, file.file);
    xhr.send(form);
  });
}

/**
 * A multipart POST of one file as the signed-in user, through XMLHttpRequest, whose upload events drive a
 * progress bar (fetch has none). A 401 gets one silent token refresh and a retry, like every
 * other call. Rejects only when the network fails; any answer is resolved with its status.
 */
export async function postFormSignedIn(
  url: string,
  file: FormFile,
  store: Store,
  onProgress: (percent: number) => void,
  headers: Record<string, string> = {},
): Promise<FormOutcome> {
  let outcome = await send(url, file, store.getState().auth.accessToken, headers, onProgress);
  if (outcome.status === 401) {
    const queryApi: BaseQueryApi = {
      signal: new AbortController().signal,
      abort: () => undefined,
      dispatch: store.dispatch,
      getState: store.getState,
      extra: undefined,
      endpoint: url,
      type: 'mutation',
    };
    if (await refreshSession(queryApi)) {
      onProgress(0);
      outcome = await send(url, file, store.getState().auth.accessToken, headers, onProgress);
    }
  }
  return outcome;
}
