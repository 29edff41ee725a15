import type { Branding } from '@schooliko/common/institutes';
import type { PublicSite } from '@schooliko/common/website';
import { useLayoutEffect } from 'react';

/**
 * What the server put into index.html for the host the page is served on
 * (server/src/platform/web-app/index-page.ts): JSON data blocks, read once at start, and a static
 * copy of the page's hero (#boot-shell) shown until React has drawn the page.
 */
function readBlock<T>(id: string): T | null {
  const text = typeof document === 'undefined' ? null : document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** The host's branding as POST /api/institutes/basic-data answers it, as of the page load. */
export const bootBranding = readBlock<Branding>('schooliko-branding');

let bootSite = readBlock<PublicSite>('schooliko-public-site');

/** The published site (GET /api/public/site) that came with the page: given out once. */
export function takeBootPublicSite(): PublicSite | null {
  const site = bootSite;
  bootSite = null;
  return site;
}

/** Whether the static hero is still shown (so the React one can start as it looks). */
export function isBootShellShown(): boolean {
  return document.getElementById('boot-shell') !== null;
}

/** Removes the static hero: the page has drawn its own (or went elsewhere). */
export function removeBootShell() {
  document.getElementById('boot-shell')?.remove();
}

/** Removes the static hero once `ready`, before the browser paints the React page. */
export function useBootShellDone(ready = true) {
  useLayoutEffect(() => {
    if (ready) removeBootShell();
  }, [ready]);
}
