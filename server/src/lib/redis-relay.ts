import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export type RedisRelayOptions = {
  /** Without it the relay is a no-op: one instance has nobody to tell. */
  redisUrl?: string;
  onError?: (error: Error) => void;
};

type Envelope = { origin: string; payload: unknown };

/** How long a caller waits for Redis to take a message before going on without it. */
const PUBLISH_WAIT_MS = 1_000;

/**
 * Messages between the instances of the app, over Redis pub/sub: one connection publishes, one
 * listens, whatever the number of channels (new notifications, cache invalidations). An instance
 * never hears its own messages back: each serves its own listeners before publishing.
 */
export class RedisRelay {
  private readonly origin = randomUUID();
  private readonly publisher?: Redis;
  private readonly subscriber?: Redis;
  private readonly listeners = new Map<string, (payload: unknown) => void>();
  private readonly subscriptions: Promise<void>[] = [];
  private readonly connectionListeners: ((live: boolean) => void)[] = [];
  private readonly onError: (error: Error) => void;

  constructor(options: RedisRelayOptions = {}) {
    this.onError = options.onError ?? (() => {});
    if (!options.redisUrl) return;
    // Subscribing again after a reconnect is done here, not by ioredis: its own resubscribe is a
    // promise nobody catches, which a connection lost again at once rejects unhandled.
    const redisOptions = { maxRetriesPerRequest: 2, lazyConnect: false, autoResubscribe: false };
    this.publisher = new Redis(options.redisUrl, redisOptions);
    this.subscriber = new Redis(options.redisUrl, redisOptions);
    this.publisher.on('error', this.onError);
    this.subscriber.on('error', this.onError);
    this.subscriber.on('message', (channel: string, text: string) => this.receive(channel, text));
    // Back after a reconnect: listening again once subscribed; what was sent meanwhile is lost.
    this.subscriber.on('close', () => this.connection(false));
    this.subscriber.on('ready', () => {
      const channels = [...this.listeners.keys()];
      if (!channels.length) return this.connection(true);
      this.subscriber?.subscribe(...channels).then(
        () => this.connection(true),
        (error: Error) => this.onError(error),
      );
    });
  }

  /** Whether another instance can be told anything (false without Redis). */
  get shared(): boolean {
    return this.subscriber !== undefined;
  }

  /** Hands `onRemote` every message other instances publish on the channel (one listener each). */
  listen(channel: string, onRemote: (payload: unknown) => void) {
    this.listeners.set(channel, onRemote);
    if (!this.subscriber) return;
    this.subscriptions.push(
      this.subscriber.subscribe(channel).then(
        () => undefined,
        (error: Error) => this.onError(error),
      ),
    );
  }

  /** Told false when the listening connection drops and true when it is back. */
  onConnection(listener: (live: boolean) => void) {
    this.connectionListeners.push(listener);
  }

  /**
   * Resolves once Redis has taken the message, or after PUBLISH_WAIT_MS if Redis is slow or down
   * (instances that cannot hear it serve no cache; otherwise their entries expire in seconds).
   * Failures go to onError.
   */
  async publish(channel: string, payload: unknown): Promise<void> {
    if (!this.publisher) return;
    const envelope: Envelope = { origin: this.origin, payload };
    const sent = this.publisher.publish(channel, JSON.stringify(envelope)).then(
      () => undefined,
      (error: Error) => this.onError(error),
    );
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, PUBLISH_WAIT_MS);
    });
    await Promise.race([sent, waited]);
    clearTimeout(timer);
  }

  /** Resolves once every channel is listened to (at once without Redis). */
  async ready(): Promise<void> {
    await Promise.all(this.subscriptions);
  }

  async close() {
    this.listeners.clear();
    await Promise.all(
      [this.subscriber, this.publisher].map((r) => (r ? r.quit().catch(() => r.disconnect()) : undefined)),
    );
  }

  private connection(live: boolean) {
    for (const listener of this.connectionListeners) listener(live);
  }

  private receive(channel: string, text: string) {
    const listener = this.listeners.get(channel);
    if (!listener) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    if (envelope?.origin === this.origin || envelope.payload === undefined) return;
    listener(envelope.payload);
  }
}
