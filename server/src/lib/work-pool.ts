/** The pool's queue is full: the caller should refuse and say to try again after `retryAfterSeconds`. */
export class PoolFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('work pool full');
  }
}

/**
 * At most `concurrency` tasks at once and at most `queue` more waiting, first come first served;
 * past that `run` throws PoolFullError at once. Password hashing (argon2id, 19 MiB, tens of ms of
 * CPU each) used to run unbounded on libuv's threadpool: a burst of sign-ins took every core and
 * starved the event loop, so cheap requests waited behind it. Bounded, the rest keeps a core.
 * Reports (kit/report-slots.ts) run in one too, so they hold a bounded share of the database's
 * connections.
 */
export class WorkPool {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Running mean of a task's duration, for Retry-After (argon2id: tens of ms; a report: seconds). */
  private meanMs: number;

  constructor(
    readonly concurrency: number,
    readonly queue: number,
    expectedMs = 50,
  ) {
    this.meanMs = expectedMs;
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('concurrency must be 1 or more');
    if (!Number.isInteger(queue) || queue < 0) throw new Error('queue must be 0 or more');
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else if (this.waiting.length < this.queue) await new Promise<void>((start) => this.waiting.push(start));
    else throw new PoolFullError(this.retryAfterSeconds());
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.meanMs += (performance.now() - started - this.meanMs) / 8;
      // The slot passes straight to the next in line, so nobody can overtake the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Tasks running or waiting. */
  get load(): number {
    return this.running + this.waiting.length;
  }

  /** About how long until everything in the pool now is done, in whole seconds (at least 1). */
  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((this.load * this.meanMs) / this.concurrency / 1000));
  }
}
