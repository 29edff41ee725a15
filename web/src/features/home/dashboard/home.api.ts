import type { HomeDashboard } from '@schooliko/common/home';
import type { Ok } from '@schooliko/common/http';
import { api } from '../../../app/api';

/** GET /api/dashboard/home: the caller's dashboard in their acting role (teacher, student, parent). */
export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    homeDashboard: build.query<HomeDashboard, void>({
      query: () => '/dashboard/home',
      transformResponse: (response: Ok<HomeDashboard>) => response.data,
      // A parent's unread count and recent notifications follow the notification stream, which
      // invalidates 'Notifications' on every new one; the other roles' cards do not depend on it.
      providesTags: (data) => (data?.role === 'parent' ? ['Notifications'] : []),
    }),
  }),
});

export const { useHomeDashboardQuery } = homeApi;
