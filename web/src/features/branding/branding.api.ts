import type { Ok } from '@schooliko/common/http';
import type { Branding } from '@schooliko/common/institutes';
import { api } from '../../app/api';

export const brandingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBranding: build.query<Branding, string>({
      query: (domain) => ({ url: '/institutes/basic-data', method: 'POST', body: { domain } }),
      transformResponse: (response: Ok<Branding>) => response.data,
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useGetBrandingQuery } = brandingApi;
