// The notifications feature as other features use it (scripts/boundaries.mjs, feature-index).
export { NotificationBell } from './notification-bell';
export { useNotificationStream } from './use-notification-stream';
