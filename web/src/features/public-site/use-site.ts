import type { PublicSite, PublicSiteContent } from '@schooliko/common/website';
import { useEffect } from 'react';
import { useOutletContext, useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { usePublicSiteQuery, useSitePreviewQuery } from './public-site.api';

export type SiteState = {
  data: PublicSite | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Asked for the draft (?preview=1) but could not have it: showing the published site. */
  previewRefused: boolean;
  preview: boolean;
  refetch: () => void;
};

/**
 * The site the public pages render: with ?preview=1 a signed-in admin or director sees the draft
 * (GET /api/website/preview); everyone else sees what is published.
 */
export function useSiteData(): SiteState {
  const [params] = useSearchParams();
  const signedIn = useAppSelector((s) => s.auth.user !== null);
  const wantsPreview = params.get('preview') === '1' && signedIn;
  const preview = useSitePreviewQuery(undefined, { skip: !wantsPreview });
  const usePublished = !wantsPreview || preview.isError;
  const published = usePublicSiteQuery(undefined, { skip: !usePublished });
  const active = usePublished ? published : preview;
  return {
    data: active.data,
    isLoading: active.isLoading || (wantsPreview && preview.isLoading),
    isError: active.isError,
    previewRefused: wantsPreview && preview.isError,
    preview: !usePublished,
    refetch: () => void active.refetch(),
  };
}

/** What each public page receives from the layout. */
export type SiteContext = {
  site: PublicSiteContent;
  branding: PublicSite['branding'];
  preview: boolean;
  query: string;
};

export const useSite = () => useOutletContext<SiteContext>();

function setMeta(name: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/** Each public page's title and meta description (search engines and shared links read them). */
export function usePageMeta(title: string, description: string) {
  useEffect(() => {
    document.title = title;
    setMeta('description', description.slice(0, 300));
  }, [title, description]);
}
