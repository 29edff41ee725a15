import type { AdminDashboard } from '@schooliko/common/dashboard';
import type { Ok } from '@schooliko/common/http';
import { api } from '../../app/api';

/** GET /api/dashboard/admin: the admin's institute in live figures. */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Notifications tag: a sign-up or a join request reaches the admin as a live notification, and
     * an approval from the bell invalidates it, so the figures follow without a reload.
     */
    adminDashboard: build.query<AdminDashboard, void>({
      query: () => '/dashboard/admin',
      transformResponse: (response: Ok<AdminDashboard>) => response.data,
      providesTags: ['Institutes', 'Groups', 'Notifications'],
    }),
  }),
});

export const { useAdminDashboardQuery } = dashboardApi;
