import type { Ok } from '@schooliko/common/http';
import type { AdmissionEnquiryInput, PublicSite } from '@schooliko/common/website';
import { api } from '../../app/api';

/** The institute's public site: the published copy (anyone), the draft preview (its managers). */
export const publicSiteApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicSite: build.query<PublicSite, void>({
      query: () => '/public/site',
      transformResponse: (response: Ok<PublicSite>) => response.data,
      providesTags: ['Website'],
    }),
    sitePreview: build.query<PublicSite, void>({
      query: () => '/website/preview',
      transformResponse: (response: Ok<PublicSite>) => response.data,
      providesTags: ['Website'],
      keepUnusedDataFor: 0,
    }),
    sendEnquiry: build.mutation<string, AdmissionEnquiryInput>({
      query: (body) => ({ url: '/public/admissions', method: 'POST', body }),
      transformResponse: (response: Ok<{ id: string }>) => response.message ?? '',
    }),
  }),
});

export const { usePublicSiteQuery, useSitePreviewQuery, useSendEnquiryMutation } = publicSiteApi;
