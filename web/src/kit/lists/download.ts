import type { Coded } from '@schooliko/common/messages';
import i18n from 'i18next';
import { messageText } from '../forms/messages';

/**
 * A file the server would not send, as an Error whose message is the server's in the reader's
 * language (by its code: "Too many exports … try again in 5 seconds" on a 429).
 */
async function refusal(res: Response): Promise<Error> {
  const body = (await res.json().catch(() => null)) as ({ message?: string } & Partial<Coded>) | null;
  const coded = typeof body?.code === 'string' ? { code: body.code, params: body.params } : undefined;
  return new Error(messageText(i18n.t, body?.message ?? `Download failed (${res.status})`, coded));
}

/** Downloads a file the API streams (exports, templates) with the caller's token. */
export async function downloadFile(path: string, token: string | null, filename: string): Promise<void> {
  const res = await fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw await refusal(res);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Opens a file the API serves (a receipt PDF) in a new tab with the caller's token. The tab is
 * opened at the click, so no pop-up blocker stops it, and shows the file once it has arrived.
 */
export async function openFile(path: string, token: string | null): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const res = await fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (!res.ok) throw await refusal(res);
    const url = URL.createObjectURL(await res.blob());
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (e) {
    tab?.close();
    throw e;
  }
}
