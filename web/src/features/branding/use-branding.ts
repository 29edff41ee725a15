import { normaliseHost } from '@schooliko/common/hosts';
import {
  BRANDING_CACHE_MS,
  type Branding,
  DEFAULT_INSTITUTE_NAME,
  DEFAULT_LOGO_URL,
} from '@schooliko/common/institutes';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
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

/**
 * The branding of the host this page is served on. A fresh persisted copy for the same domain
 * is shown at once; after five minutes or on another domain it is fetched again.
 */
export function useBranding(): BrandingState {
  const domain = normaliseHost(window.location.host);
  const cached = useAppSelector((s) => s.institute);
  const fresh =
    cached.domain === domain && cached.data !== null && Date.now() - cached.fetchedAt < BRANDING_CACHE_MS;
  const { data, isLoading, isError } = useGetBrandingQuery(domain, { skip: fresh });
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (data) dispatch(brandingLoaded({ domain, data }));
  }, [data, domain, dispatch]);

  const current = data ?? (cached.domain === domain ? cached.data : null);
  return {
    branding: current ?? DEFAULT_BRANDING,
    loading: !current && isLoading,
    failed: !current && isError,
    known: current !== null,
  };
}
