import type { GroupRequestBody, JoinRequest, JoinStatus } from '@schooliko/common/group-requests';
import type { Ok } from '@schooliko/common/http';
import { api } from '../../app/api';

/** Spec 7.2: POST /api/group-requests (by event_type) and GET /api/group-requests/status. */
export const joinRequestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The director's own requests. It also carries the Notifications tag: every live
     * notification (an approval or a rejection among them) invalidates that tag, so the status
     * is fetched again the moment a decision arrives, not only on the 5-minute poll.
     */
    joinStatus: build.query<JoinStatus, void>({
      query: () => '/group-requests/status',
      transformResponse: (response: Ok<JoinStatus>) => response.data,
      providesTags: ['JoinRequests', 'Notifications'],
    }),
    /** Every event_type answers the request as it now stands. */
    groupRequest: build.mutation<JoinRequest, GroupRequestBody>({
      query: (body) => ({ url: '/group-requests', method: 'POST', body }),
      transformResponse: (response: Ok<JoinRequest>) => response.data,
      invalidatesTags: ['JoinRequests'],
    }),
  }),
});

export const { useJoinStatusQuery, useGroupRequestMutation } = joinRequestsApi;
