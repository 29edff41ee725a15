import type { CalendarEvent } from '@schooliko/common/academics/calendar';
import type { Ok } from '@schooliko/common/http';
import type { AdmissionEnquiryInput, PublicSite } from '@schooliko/common/website';
import { api } from '../../app/api';
import { takeBootPublicSite } from '../branding';

/** An event the institute shows on its site (the calendar's public events, when it opts in). */
export type PublicEvent = Pick<
  CalendarEvent,
  'id' | 'title' | 'kind' | 'starts_on' | 'ends_on' | 'description'
>;

/** The institute's public site: the published copy (anyone), the draft preview (its managers). */
export const publicSiteApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicSite: build.query<PublicSite, void>({
      // The first time, the copy the server put into the page (boot-data.ts): no request.
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const fromPage = takeBootPublicSite();
        if (fromPage) return { data: fromPage };
        const result = await baseQuery('/public/site');
        return result.error ? { error: result.error } : { data: (result.data as Ok<PublicSite>).data };
      },
      providesTags: ['Website'],
    }),
    sitePreview: build.query<PublicSite, void>({
      query: () => '/website/preview',
      transformResponse: (response: Ok<PublicSite>) => response.data,
      providesTags: ['Website'],
      keepUnusedDataFor: 0,
    }),
    publicEvents: build.query<PublicEvent[], void>({
      query: () => '/public/events',
      transformResponse: (response: Ok<{ items: PublicEvent[] }>) => response.data.items,
    }),
    sendEnquiry: build.mutation<string, AdmissionEnquiryInput>({
      query: (body) => ({ url: '/public/admissions', method: 'POST', body }),
      transformResponse: (response: Ok<{ id: string }>) => response.message ?? '',
    }),
  }),
});

export const { usePublicSiteQuery, useSitePreviewQuery, useSendEnquiryMutation, usePublicEventsQuery } =
  publicSiteApi;
