import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Notification } from './notifications.table';

export type NotificationHubOptions = {
  /** When set, every instance sharing this Redis delivers every instance's notifications. */
  redisUrl?: string;
  channel?: string;
  onError?: (error: Error) => void;
};

type RelayMessage = { origin: string; notification: Notification };

const DEFAULT_CHANNEL = 'schooliko:notifications';

/**
 * Fan-out of new notifications to open server-sent-event streams. In-process by default; with
 * more than one instance a Redis channel relays them (the hub's `publish` is the one seam).
 * Local subscribers are served straight away, so a Redis outage only delays other instances'
 * users until their next poll.
 */
export class NotificationHub {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private readonly origin = randomUUID();
  private readonly channel: string;
  private readonly publisher?: Redis;
  private readonly subscriber?: Redis;
  private readonly subscribed: Promise<void>;
  private readonly onError: (error: Error) => void;

  constructor(options: NotificationHubOptions = {}) {
    this.channel = options.channel ?? DEFAULT_CHANNEL;
    this.onError = options.onError ?? (() => {});
    if (!options.redisUrl) {
      this.subscribed = Promise.resolve();
      return;
    }
    const redisOptions = { maxRetriesPerRequest: 2, lazyConnect: false };
    this.publisher = new Redis(options.redisUrl, redisOptions);
    this.subscriber = new Redis(options.redisUrl, redisOptions);
    this.publisher.on('error', this.onError);
    this.subscriber.on('error', this.onError);
    this.subscriber.on('message', (channel: string, text: string) => {
      if (channel === this.channel) this.receive(text);
    });
    this.subscribed = this.subscriber.subscribe(this.channel).then(
      () => undefined,
      (error: Error) => this.onError(error),
    );
  }

  /** Resolves once this hub listens to the shared channel (at once without Redis). */
  ready(): Promise<void> {
    return this.subscribed;
  }

  publish(notification: Notification) {
    this.deliver(notification);
    if (!this.publisher) return;
    const message: RelayMessage = { origin: this.origin, notification };
    this.publisher
      .publish(this.channel, JSON.stringify(message))
      .catch((error: Error) => this.onError(error));
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
    await Promise.all(
      [this.subscriber, this.publisher].map((r) => (r ? r.quit().catch(() => r.disconnect()) : undefined)),
    );
  }

  private deliver(notification: Notification) {
    this.emitter.emit(notification.recipientId, notification);
  }

  private receive(text: string) {
    let message: RelayMessage;
    try {
      message = JSON.parse(text) as RelayMessage;
    } catch {
      return;
    }
    if (message.origin === this.origin || !message.notification?.recipientId) return;
    const n = message.notification;
    this.deliver({
      ...n,
      createdAt: new Date(n.createdAt),
      updatedAt: new Date(n.updatedAt),
      actedAt: n.actedAt ? new Date(n.actedAt) : null,
    });
  }
}
