import type { AdminDashboard } from '@schooliko/common/dashboard';
import type { GroupFees, MyDues } from '@schooliko/common/fees/dues';
import type { Ok } from '@schooliko/common/http';
import { api } from '../../app/api';

/** GET /api/dashboard/admin: the admin's institute in live figures. */
// 'Dues': refetched when the notification stream says a student's dues changed (event: fees).
export const dashboardApi = api.enhanceEndpoints({ addTagTypes: ['Dues', 'Payments'] }).injectEndpoints({
  endpoints: (build) => ({
    /**
     * Notifications tag: a sign-up or a join request reaches the admin as a live notification, and
     * an approval from the bell invalidates it, so the figures follow without a reload.
     */
    adminDashboard: build.query<AdminDashboard, void>({
      query: () => '/dashboard/admin',
      transformResponse: (response: Ok<AdminDashboard>) => response.data,
      providesTags: ['Institutes', 'Groups', 'Notifications', 'Dues'],
    }),
    /** The director's groups' institutes: today's collection and what is outstanding, each. */
    groupFees: build.query<GroupFees, void>({
      query: () => '/dashboard/director/fees',
      transformResponse: (r: Ok<GroupFees>) => r.data,
      providesTags: ['Dues'],
    }),
    /** A parent's children (a student's own record): what each owes by today (GET /api/fees/mine). */
    myDues: build.query<MyDues, void>({
      query: () => '/fees/mine',
      transformResponse: (r: Ok<MyDues>) => r.data,
      providesTags: ['Dues'],
    }),
  }),
});

export const { useAdminDashboardQuery, useGroupFeesQuery, useMyDuesQuery } = dashboardApi;

/**
 * A student's dues changed (the notification stream's `fees` event): every screen showing dues
 * refetches: the fee cards here, and the fees pages' dues, receipts and defaulter list.
 */
export const duesChanged = () => dashboardApi.util.invalidateTags(['Dues', 'Payments']);
