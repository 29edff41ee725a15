import { EventEmitter } from 'node:events';
import { RedisRelay } from '../../lib/redis-relay';
import type { JobEvent } from '../jobs/jobs.service';
import type { Notification } from './notifications.table';

/**
 * A change to a student's dues (modules/fees/fees.live.ts): for the institute's streams whose
 * person reads fees, or is one of `userIds` (the student, their guardians).
 */
export type FeesChange = { instituteId: string; studentId: string; userIds: string[] };

export type NotificationHubOptions = {
  /** The instances' shared relay; without one the hub makes its own from redisUrl. */
  relay?: RedisRelay;
  /** When set, every instance sharing this Redis delivers every instance's notifications. */
  redisUrl?: string;
  channel?: string;
  onError?: (error: Error) => void;
  /** Told of every notification delivered on this instance, whichever instance made it. */
  onDeliver?: (notification: Notification) => void;
};

const DEFAULT_CHANNEL = 'schooliko:notifications';

/**
 * Fan-out of new notifications to open server-sent-event streams. In-process by default; with
 * more than one instance a Redis channel relays them (the hub's `publish` is the one seam).
 * Local subscribers are served straight away, so a Redis outage only delays other instances'
 * users until their next poll.
 */
export class NotificationHub {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private readonly channel: string;
  private readonly relay: RedisRelay;
  private readonly ownsRelay: boolean;
  private readonly onDeliver: (notification: Notification) => void;

  constructor(options: NotificationHubOptions = {}) {
    this.channel = options.channel ?? DEFAULT_CHANNEL;
    this.onDeliver = options.onDeliver ?? (() => {});
    this.ownsRelay = !options.relay;
    this.relay = options.relay ?? new RedisRelay({ redisUrl: options.redisUrl, onError: options.onError });
    this.relay.listen(this.channel, (payload) => this.receive(payload as Notification));
    this.relay.listen(`${this.channel}:jobs`, (payload) => {
      const event = payload as JobEvent;
      if (event?.userId) this.emitter.emit(`job:${event.userId}`, event);
    });
    this.relay.listen(`${this.channel}:fees`, (payload) => {
      const change = payload as FeesChange;
      if (change?.instituteId) this.emitter.emit(`fees:${change.instituteId}`, change);
    });
  }

  /** Resolves once this hub listens to the shared channel (at once without Redis). */
  ready(): Promise<void> {
    return this.relay.ready();
  }

  publish(notification: Notification) {
    this.deliver(notification);
    void this.relay.publish(this.channel, notification);
  }

  /** A job's progress, for its creator's open streams (platform/jobs). */
  publishJob(event: JobEvent) {
    this.emitter.emit(`job:${event.userId}`, event);
    void this.relay.publish(`${this.channel}:jobs`, event);
  }

  subscribeJobs(userId: string, listener: (event: JobEvent) => void): () => void {
    this.emitter.on(`job:${userId}`, listener);
    return () => this.emitter.off(`job:${userId}`, listener);
  }

  /** A student's dues changed (after the commit): for every instance's open streams. */
  publishFees(change: FeesChange) {
    this.emitter.emit(`fees:${change.instituteId}`, change);
    void this.relay.publish(`${this.channel}:fees`, change);
  }

  subscribeFees(instituteId: string, listener: (change: FeesChange) => void): () => void {
    this.emitter.on(`fees:${instituteId}`, listener);
    return () => this.emitter.off(`fees:${instituteId}`, listener);
  }

  subscribe(recipientId: string, listener: (n: Notification) => void): () => void {
    this.emitter.on(recipientId, listener);
    return () => this.emitter.off(recipientId, listener);
  }

  /** How many open streams listen for this recipient on this instance. */
  subscriberCount(recipientId: string): number {
    return this.emitter.listenerCount(recipientId);
  }

  async close() {
    this.emitter.removeAllListeners();
    if (this.ownsRelay) await this.relay.close();
  }

  private deliver(notification: Notification) {
    this.onDeliver(notification);
    this.emitter.emit(notification.recipientId, notification);
  }

  private receive(n: Notification) {
    if (!n?.recipientId) return;
    this.deliver({
      ...n,
      createdAt: new Date(n.createdAt),
      updatedAt: new Date(n.updatedAt),
      actedAt: n.actedAt ? new Date(n.actedAt) : null,
    });
  }
}
