import type { Ok } from '@schooliko/common/http';
import {
  NOTIFICATION_PAGE_SIZE,
  type NotificationActionName,
  type NotificationActionResult,
  type NotificationList,
  type UnreadCount,
} from '@schooliko/common/notifications';
import { api } from '../../app/api';

type Answer = { message: string | null };

/** Spec 7.4 under /api/notifications: the signed-in user's own notifications. */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Pages of 10, newest first; Load More asks for the next `skip`. */
    notifications: build.infiniteQuery<NotificationList, void, number>({
      query: ({ pageParam }) => ({
        url: '/notifications',
        params: { limit: NOTIFICATION_PAGE_SIZE, skip: pageParam },
      }),
      transformResponse: (response: Ok<NotificationList>) => response.data,
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (last, _all, lastSkip) =>
          last.pagination.hasMore ? lastSkip + last.notifications.length : undefined,
      },
      providesTags: ['Notifications'],
    }),
    unreadCount: build.query<number, void>({
      query: () => '/notifications/unreadCount',
      transformResponse: (response: Ok<UnreadCount>) => response.data.unreadCount,
      providesTags: ['Notifications'],
    }),
    markAsRead: build.mutation<Answer, string>({
      query: (id) => ({
        url: `/notifications/${encodeURIComponent(id)}/markAsRead`,
        method: 'POST',
        body: {},
      }),
      transformResponse: (response: Ok<UnreadCount>) => ({ message: response.message ?? null }),
      invalidatesTags: ['Notifications'],
    }),
    markAllAsRead: build.mutation<Answer, void>({
      query: () => ({ url: '/notifications/markAllAsRead', method: 'POST', body: {} }),
      transformResponse: (response: Ok<UnreadCount>) => ({ message: response.message ?? null }),
      invalidatesTags: ['Notifications'],
    }),
    /** Approve or Reject the request a notification carries; answers the outcome's message. */
    actOnNotification: build.mutation<Answer, { id: string; action: NotificationActionName }>({
      query: ({ id, action }) => ({
        url: `/notifications/${encodeURIComponent(id)}/${action}`,
        method: 'POST',
        body: {},
      }),
      transformResponse: (response: Ok<NotificationActionResult>) => ({ message: response.message ?? null }),
      // Even a refusal (already handled elsewhere) means the list is stale.
      invalidatesTags: ['Notifications'],
    }),
  }),
});

export const {
  useNotificationsInfiniteQuery,
  useUnreadCountQuery,
  useMarkAsReadMutation,
  useMarkAllAsReadMutation,
  useActOnNotificationMutation,
} = notificationsApi;
