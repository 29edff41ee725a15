import Avatar, { type AvatarProps } from '@mui/material/Avatar';
import { useEffect, useState } from 'react';
import { useAppSelector } from './hooks';

// People's photos are private (issue 27): /api/<kind>/<id>/photo/<file> answers only with the
// session's token, which an <img> does not send. They are fetched as homework files are, and
// shown from memory; a photo's address never changes its bytes, so each is fetched once a page.

/** Photos fetched so far, by address: their blob URL. */
const fetched = new Map<string, string>();
/** Fetches under way, by address. */
const pending = new Map<string, Promise<string | null>>();

function fetchPhoto(url: string, token: string | null): Promise<string | null> {
  let request = pending.get(url);
  if (!request) {
    request = fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      .then(async (response) => (response.ok ? URL.createObjectURL(await response.blob()) : null))
      .catch(() => null)
      .then((src) => {
        pending.delete(url);
        if (src) fetched.set(url, src);
        return src;
      });
    pending.set(url, request);
  }
  return request;
}

/** What an <img> shows for a photo address: a private photo from memory once fetched; any other as it is. */
export function usePhotoSrc(url: string | null | undefined): string | undefined {
  const token = useAppSelector((state) => state.auth.accessToken);
  const isPrivate = Boolean(url?.startsWith('/api/'));
  const [loaded, setLoaded] = useState<{ url: string; src: string } | null>(null);
  useEffect(() => {
    if (!url || !isPrivate || fetched.has(url)) return;
    let live = true;
    void fetchPhoto(url, token).then((src) => {
      if (live && src) setLoaded({ url, src });
    });
    return () => {
      live = false;
    };
  }, [url, isPrivate, token]);
  if (!url) return undefined;
  if (!isPrivate) return url;
  return fetched.get(url) ?? (loaded?.url === url ? loaded.src : undefined);
}

/** MUI's Avatar for a person's photo (`url`: its address, '' for none); the children show without one. */
export function PhotoAvatar({
  url,
  ...props
}: Omit<AvatarProps, 'src'> & { url: string | null | undefined }) {
  return <Avatar {...props} src={usePhotoSrc(url)} />;
}
