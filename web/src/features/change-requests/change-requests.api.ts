import type { Ok } from '@schooliko/common/http';
import type {
  ChangeRequest,
  ChangeRequestStatus,
  CreateChangeRequest,
} from '@schooliko/common/people/change-requests';
import { api } from '../../app/api';
import type { Page } from '../people/people.api';

const withApi = api.enhanceEndpoints({ addTagTypes: ['ChangeRequests', 'Students', 'Guardians'] });

/** Change requests (server: modules/change-requests): a parent's or student's ask, staff's decision. */
export const changeRequestsApi = withApi.injectEndpoints({
  endpoints: (build) => ({
    changeRequests: build.query<Page<ChangeRequest>, { status?: ChangeRequestStatus; page?: number }>({
      query: (params) => ({ url: '/change-requests', params }),
      transformResponse: (r: Ok<Page<ChangeRequest>>) => r.data,
      providesTags: ['ChangeRequests'],
    }),
    requestChange: build.mutation<ChangeRequest, CreateChangeRequest>({
      query: (body) => ({ url: '/change-requests', method: 'POST', body }),
      transformResponse: (r: Ok<ChangeRequest>) => r.data,
      invalidatesTags: ['ChangeRequests'],
    }),
    decideChange: build.mutation<ChangeRequest, { id: string; decision: 'approve' | 'reject'; note: string }>(
      {
        query: ({ id, decision, note }) => ({
          url: `/change-requests/${id}/${decision}`,
          method: 'POST',
          body: note ? { note } : {},
        }),
        transformResponse: (r: Ok<ChangeRequest>) => r.data,
        invalidatesTags: ['ChangeRequests', 'Students', 'Guardians'],
      },
    ),
  }),
});

export const { useChangeRequestsQuery, useRequestChangeMutation, useDecideChangeMutation } =
  changeRequestsApi;
