import type { Db } from '../../db/client';
import { TtlCache } from '../../lib/ttl-cache';
import type { CacheInvalidation } from '../../plugins/cache-invalidation';
import type { NotificationReader } from './notifications.policy';
import { unreadCount } from './notifications.service';

/** A safety net only: every change to someone's notifications drops their count at once. */
const UNREAD_TTL_MS = 5_000;

const keyOf = (reader: NotificationReader) => `${reader.instituteId}:${reader.userId}`;

/**
 * Unread counts, the bell's badge that every signed-in page polls, kept in memory. A new
 * notification drops its recipient's count on every instance (the hub delivers it everywhere);
 * reading or acting on one is announced as an `unread` invalidation.
 */
export class UnreadCounts {
  private readonly cache: TtlCache<number>;

  constructor(
    private readonly db: Db,
    invalidation: CacheInvalidation,
  ) {
    this.cache = invalidation.track(new TtlCache<number>({ max: 50_000, ttlMs: UNREAD_TTL_MS }));
    invalidation.on((change) => {
      if (change.kind === 'unread') this.forget(change);
      if (change.kind === 'institute')
        this.cache.deleteWhere((_, key) => key.startsWith(`${change.instituteId}:`));
    });
  }

  count(reader: NotificationReader): Promise<number> {
    return this.cache.load(keyOf(reader), () => unreadCount(this.db, reader));
  }

  forget(reader: NotificationReader) {
    this.cache.delete(keyOf(reader));
  }
}
