/** Downloads a file the API streams (exports, templates) with the caller's token. */
export async function downloadFile(path: string, token: string | null, filename: string): Promise<void> {
  const res = await fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `Download failed (${res.status})`);
  }
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
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      throw new Error(body?.message ?? `Download failed (${res.status})`);
    }
    const url = URL.createObjectURL(await res.blob());
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (e) {
    tab?.close();
    throw e;
  }
}
