import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/** The one RTK Query API; features add their endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/api', credentials: 'same-origin' }),
  keepUnusedDataFor: 60,
  tagTypes: [],
  endpoints: () => ({}),
});
