import type { RedisRelay } from '../lib/redis-relay';
import type { TtlCache } from '../lib/ttl-cache';

/** A change to data that some instance may hold in a cache. */
export type Invalidation =
  /** A session family was revoked (sign-out, switch role, a refresh token used twice). */
  | { kind: 'session'; familyId: string }
  /** Every session of a person was revoked (password reset). */
  | { kind: 'user-sessions'; userId: string }
  /** A membership's roles or status changed. */
  | { kind: 'membership'; instituteId: string; userId: string }
  /** Someone's notifications changed other than by a new one (read, acted on). */
  | { kind: 'unread'; instituteId: string; userId: string }
  /** An institute was removed, with everything it owned. */
  | { kind: 'institute'; instituteId: string }
  /** The institute served on these host names changed, appeared or went away. */
  | { kind: 'hosts'; domains: string[] };

/** Announces a change after it has committed; resolves once every instance can hear it. */
export type Invalidate = (change: Invalidation) => Promise<void>;

const DEFAULT_CHANNEL = 'schooliko:invalidate';

/**
 * Tells every cache on every instance that the truth changed. This instance's caches drop their
 * entries before `invalidate` returns; other instances hear it over the Redis relay, and their
 * caches serve nothing while they cannot hear (Redis down or reconnecting).
 */
export class CacheInvalidation {
  private readonly listeners: ((change: Invalidation) => void)[] = [];
  private readonly caches: TtlCache<unknown>[] = [];
  private live: boolean;

  constructor(
    private readonly relay: RedisRelay,
    private readonly channel = DEFAULT_CHANNEL,
  ) {
    this.live = !relay.shared;
    relay.listen(channel, (payload) => this.apply(payload as Invalidation));
    relay.onConnection((live) => {
      this.live = live;
      for (const cache of this.caches) {
        if (live) cache.resume();
        else cache.pause();
      }
    });
  }

  /** A cache that must not serve what this instance might not have heard was invalidated. */
  track<V>(cache: TtlCache<V>): TtlCache<V> {
    if (!this.live) cache.pause();
    this.caches.push(cache as TtlCache<unknown>);
    return cache;
  }

  /** Empties every tracked cache on this instance (tests that change the database behind the app). */
  clearAll() {
    for (const cache of this.caches) cache.clear();
  }

  /** Hears every change, this instance's and the others'; returns how to stop. */
  on(listener: (change: Invalidation) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  readonly invalidate: Invalidate = async (change) => {
    this.apply(change);
    await this.relay.publish(this.channel, change);
  };

  private apply(change: Invalidation) {
    if (!change?.kind) return;
    for (const listener of this.listeners) listener(change);
  }
}
