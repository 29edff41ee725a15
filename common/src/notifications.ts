import { z } from 'zod';
import { defineMessages } from './messages';

/** Spec 3.8 and 7.4: the notification bell, the panel and its Approve / Reject buttons. */
export const NOTIFICATION_TYPES = [
  'join-request',
  'approval',
  'rejection',
  'membership-request',
  'info',
] as const;
export const NOTIFICATION_ACTIONS = ['approve', 'reject'] as const;
export type NotificationActionName = (typeof NOTIFICATION_ACTIONS)[number];

/** Spec 7.4: the list polls every 120 s with a page size of 10. */
export const NOTIFICATION_PAGE_SIZE = 10;
export const NOTIFICATION_PAGE_MAX = 50;
export const NOTIFICATION_POLL_MS = 120_000;

export const NOTIFICATION_MESSAGES = defineMessages('notifications', {
  notFound: 'Notification not found',
  alreadyHandled: 'This request has already been handled',
  cannotHandle: 'This request can no longer be handled',
  markedAsRead: 'Notification marked as read',
  allMarkedAsRead: 'All notifications marked as read',
  empty: 'No notifications yet',
} as const);

export const notificationSchema = z.object({
  _id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  status: z.enum(['unread', 'read']),
  /** Approve / Reject while the request is open; [] once anyone has acted on it. */
  actions: z.array(z.enum(NOTIFICATION_ACTIONS)),
  /** True once this notification's request was approved or rejected (by anyone). */
  acted: z.boolean(),
  /** Once acted on: approved or rejected, by whom (their name) and when. */
  acted_action: z.enum(NOTIFICATION_ACTIONS).nullable(),
  acted_by: z.string().nullable(),
  acted_at: z.string().nullable(),
  createdAt: z.string(),
  event_id: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(NOTIFICATION_PAGE_SIZE),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationPaginationSchema = z.object({
  limit: z.number(),
  skip: z.number(),
  total: z.number(),
  hasMore: z.boolean(),
});

/** GET /api/notifications: `data` of the envelope. */
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  pagination: notificationPaginationSchema,
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** GET /unreadCount, POST /:id/markAsRead, POST /markAllAsRead: `data` of the envelope. */
export const unreadCountSchema = z.object({ unreadCount: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** POST /:id/approve and /:id/reject: `data` of the envelope; `message` is the outcome. */
export const notificationActionResultSchema = z.object({
  notification: notificationSchema,
  unreadCount: z.number().int().min(0),
});
export type NotificationActionResult = z.infer<typeof notificationActionResultSchema>;

/** The `event: notification` payload of GET /api/notifications/stream is one NotificationItem. */
export const NOTIFICATION_STREAM_EVENT = 'notification';
