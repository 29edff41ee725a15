import type { DirectorData, DirectorProfileUpdateInput } from '@schooliko/common/directors';
import type {
  Group,
  GroupCreated,
  GroupCreateInput,
  GroupSummary,
  GroupType,
  GroupUpdateInput,
  MyGroups,
} from '@schooliko/common/groups';
import type { Ok } from '@schooliko/common/http';
import { type PincodePlace, placeFromAnswer } from '@schooliko/common/pincode';
import { api } from '../../app/api';

const unwrap = <T>(response: Ok<T>) => response.data;

/** Spec 7.2 / 7.3 under /api: groups, the director's groups and the director profile link. */
export const groupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The Find Group picker: groups of one type matching `q` (the first ones when q is ''). */
    searchGroups: build.query<GroupSummary[], { q: string; type: GroupType }>({
      query: (params) => ({ url: '/groups/search', params }),
      transformResponse: (response: Ok<{ groups: GroupSummary[] }>) => response.data.groups,
      providesTags: ['Groups'],
    }),
    group: build.query<Group, string>({
      query: (id) => `/groups/${encodeURIComponent(id)}`,
      transformResponse: unwrap<Group>,
      providesTags: ['Groups'],
    }),
    myGroups: build.query<MyGroups, void>({
      query: () => '/groups/director/my-groups',
      transformResponse: unwrap<MyGroups>,
      providesTags: ['Groups'],
    }),
    createGroup: build.mutation<GroupCreated, GroupCreateInput>({
      query: (body) => ({ url: '/groups', method: 'POST', body }),
      transformResponse: unwrap<GroupCreated>,
      invalidatesTags: ['Groups'],
    }),
    updateGroup: build.mutation<Group, { id: string; body: GroupUpdateInput }>({
      query: ({ id, body }) => ({ url: `/groups/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: unwrap<Group>,
      invalidatesTags: ['Groups'],
    }),
    directorProfile: build.query<DirectorData, string>({
      query: (id) => `/directors/profile/${encodeURIComponent(id)}`,
      transformResponse: (response: Ok<{ director_data: DirectorData }>) => response.data.director_data,
      providesTags: ['Groups'],
    }),
    /** City and state for the main office's pincode (GET /api/pincode/:pincode, spec 7.7 shape). */
    groupPincodePlace: build.query<PincodePlace | null, string>({
      query: (pincode) => `/pincode/${encodeURIComponent(pincode)}`,
      transformResponse: (response: unknown) => placeFromAnswer(response),
    }),
    updateDirectorProfile: build.mutation<unknown, { id: string; body: DirectorProfileUpdateInput }>({
      query: ({ id, body }) => ({ url: `/directors/profile/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['Groups'],
    }),
  }),
});

export const {
  useSearchGroupsQuery,
  useGroupQuery,
  useMyGroupsQuery,
  useCreateGroupMutation,
  useUpdateGroupMutation,
  useDirectorProfileQuery,
  useUpdateDirectorProfileMutation,
  useLazyGroupPincodePlaceQuery,
} = groupsApi;
