import { normaliseHost } from '@schooliko/common/hosts';
import {
  BRANDING_CACHE_MS,
  type Branding,
  DEFAULT_INSTITUTE_NAME,
  DEFAULT_LOGO_URL,
} from '@schooliko/common/institutes';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { bootBranding } from './boot-data';
import { useGetBrandingQuery } from './branding.api';
import { brandingLoaded } from './institute.slice';

export const DEFAULT_BRANDING: Branding = {
  institute_id: '',
  institute_code: '',
  institute_name: DEFAULT_INSTITUTE_NAME,
  logo_url: DEFAULT_LOGO_URL,
  slogan: null,
  cover_image_url: null,
  role_images: [],
};

export type BrandingState = { branding: Branding; loading: boolean; failed: boolean; known: boolean };

/** When this page was loaded: the branding that came with it is as fresh as that. */
const PAGE_LOADED_AT = performance.timeOrigin;

/**
 * The branding of the host this page is served on. The copy the server put into the page
 * (boot-data.ts), or a fresh persisted copy for the same domain, is shown at once; after five
 * minutes or on another domain it is fetched again.
 */
export function useBranding(): BrandingState {
  const domain = normaliseHost(window.location.host);
  const persisted = useAppSelector((s) => s.institute);
  const fromPage =
    bootBranding !== null && !(persisted.domain === domain && persisted.fetchedAt > PAGE_LOADED_AT);
  const cached = fromPage ? { domain, data: bootBranding, fetchedAt: PAGE_LOADED_AT } : persisted;
  const fresh =
    cached.domain === domain && cached.data !== null && Date.now() - cached.fetchedAt < BRANDING_CACHE_MS;
  const { data, isLoading, isError } = useGetBrandingQuery(domain, { skip: fresh });
  const dispatch = useAppDispatch();

  useEffect(() => {
    const loaded = data ?? (fromPage ? bootBranding : null);
    if (loaded) dispatch(brandingLoaded({ domain, data: loaded }));
  }, [data, fromPage, domain, dispatch]);

  const current = data ?? (cached.domain === domain ? cached.data : null);
  return {
    branding: current ?? DEFAULT_BRANDING,
    loading: !current && isLoading,
    failed: !current && isError,
    known: current !== null,
  };
}
