import { and, eq, type SQL } from 'drizzle-orm';
import { notifications } from './notifications.table';

/** Whose notifications a caller may see and change: their own, at the institute they are signed in to. */
export type NotificationReader = { userId: string; instituteId: string };

/** Every notification query filters with this; someone else's notification is simply not found. */
export function ownNotifications(reader: NotificationReader): SQL {
  return and(
    eq(notifications.instituteId, reader.instituteId),
    eq(notifications.recipientId, reader.userId),
  ) as SQL;
}
