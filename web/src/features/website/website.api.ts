import type { GroupSummary } from '@schooliko/common/groups';
import type { Ok } from '@schooliko/common/http';
import type {
  CreatedInstitute,
  CreateInstituteInput,
  WebsiteContent,
  WebsiteContentInput,
  WebsiteState,
} from '@schooliko/common/website';
import { api } from '../../app/api';

export type Saved<T> = { message: string; data: T };
const withMessage = <T>(response: Ok<T>): Saved<T> => ({
  message: response.message ?? '',
  data: response.data,
});

/** The website builder's calls (spec 2.15): draft, publish (Create), a new branch institute. */
export const websiteApi = api.injectEndpoints({
  endpoints: (build) => ({
    website: build.query<WebsiteState, void>({
      query: () => '/website',
      transformResponse: (response: Ok<WebsiteState>) => response.data,
      providesTags: ['Website'],
    }),
    saveDraft: build.mutation<Saved<WebsiteState>, WebsiteContentInput | WebsiteContent>({
      query: (body) => ({ url: '/website/draft', method: 'PUT', body }),
      transformResponse: withMessage<WebsiteState>,
      invalidatesTags: ['Website'],
    }),
    publishWebsite: build.mutation<Saved<WebsiteState>, WebsiteContentInput | WebsiteContent>({
      query: (body) => ({ url: '/website/publish', method: 'POST', body }),
      transformResponse: withMessage<WebsiteState>,
      invalidatesTags: ['Website', 'Groups'],
    }),
    createInstitute: build.mutation<Saved<CreatedInstitute>, CreateInstituteInput>({
      query: (body) => ({ url: '/website/institutes', method: 'POST', body }),
      transformResponse: withMessage<CreatedInstitute>,
    }),
    /** The group picker of "Part of a group" (spec 4.10): the first 100 groups by name. */
    websiteGroups: build.query<GroupSummary[], void>({
      query: () => ({ url: '/groups', params: { limit: 100 } }),
      transformResponse: (response: Ok<{ groups: GroupSummary[] }>) => response.data.groups,
      providesTags: ['Groups'],
    }),
  }),
});

export const {
  useWebsiteQuery,
  useSaveDraftMutation,
  usePublishWebsiteMutation,
  useCreateInstituteMutation,
  useWebsiteGroupsQuery,
} = websiteApi;
