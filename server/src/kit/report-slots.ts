import { COMMON_MESSAGES } from '@schooliko/common/messages';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { PoolFullError, WorkPool } from '../lib/work-pool';
import { HttpError } from '../plugins/errors';
import { actorOf } from './scope';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A report: a list's export, a PDF, a bulk read. Its handler runs in a report slot
     * (`withReportSlot`). Routes whose path ends in `/export` or `.pdf` are reports unless they
     * say `heavy: false`; `exportRoute()` and `recordRoutes()` exports always are.
     */
    heavy?: boolean;
  }
  interface FastifyInstance {
    reportSlots: ReportSlots;
  }
}

export type ReportLimits = {
  /** Reports one person may have running or waiting at once. */
  perUser: number;
  /** Reports one institute may have running or waiting at once. */
  perInstitute: number;
  /** Reports running at once on this instance (each holds one database connection); the rest wait. */
  atOnce: number;
};

/** Reports waiting for a turn on one instance; the per-institute cap bounds it long before this. */
const QUEUE = 1_000;

/**
 * Exports and PDFs are the long requests: each holds a database connection (a scoped
 * transaction) for as long as it reads, and the pool has ten. Unbounded, one institute's burst of
 * exports took every connection and other institutes' list calls waited 3 s for one and failed
 * (503). Here a report first takes a place counted against its person and its institute (past
 * either cap: refused at once, 429 with Retry-After), then waits its turn in a pool that runs at
 * most `atOnce` reports, so the other connections stay with everything else.
 *
 * The place is taken before the report opens its transaction and given back when its handler
 * settles, however it ends (an error, a client gone mid-stream: `sendFile` then rejects), so a
 * report waiting for its turn holds no connection: with PGlite's one connection a waiting report
 * cannot block the running one. Counts are this process's: N instances allow N times the limits.
 */
export class ReportSlots {
  private readonly held = new Map<string, number>();
  private readonly pool: WorkPool;

  constructor(readonly limits: ReportLimits) {
    this.pool = new WorkPool(limits.atOnce, QUEUE, 2_000);
  }

  /** Runs `task` in a report slot of the user's and institute's; refuses with 429 past a limit. */
  async run<T>(who: { userId: string; instituteId: string }, task: () => Promise<T>): Promise<T> {
    const places: [string, number][] = [
      [`user:${who.userId}`, this.limits.perUser],
      [`institute:${who.instituteId}`, this.limits.perInstitute],
    ];
    if (places.some(([key, max]) => this.count(key) >= max)) throw busy(this.pool.retryAfterSeconds());
    for (const [key] of places) this.held.set(key, this.count(key) + 1);
    try {
      return await this.pool.run(task);
    } catch (error) {
      throw error instanceof PoolFullError ? busy(error.retryAfterSeconds) : error;
    } finally {
      for (const [key] of places) {
        const left = this.count(key) - 1;
        if (left > 0) this.held.set(key, left);
        else this.held.delete(key);
      }
    }
  }

  /** Reports of this person or institute (`user:<id>`, `institute:<id>`) running or waiting. */
  count(key: string): number {
    return this.held.get(key) ?? 0;
  }
}

function busy(seconds: number): HttpError {
  return new HttpError(429, COMMON_MESSAGES.reportsBusy(seconds), undefined, {
    'retry-after': String(seconds),
  });
}

/** Runs `work` (a report's whole handler) in a report slot of the caller's (see ReportSlots). */
export function withReportSlot<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  const actor = actorOf(request);
  return request.server.reportSlots.run({ userId: actor.userId, instituteId: actor.institute.id }, work);
}

/** Whether a route is a report: said so, or by default an export or a PDF by its path. */
export function isReport(route: { url: string; config?: { heavy?: boolean } }): boolean {
  return route.config?.heavy ?? /(\/export|\.pdf)$/.test(route.url);
}

/**
 * Every report route's handler runs in a report slot, by construction: registered before the
 * modules, this wraps the handler of each route `isReport` says is one. A report must declare a
 * permission (its slot is counted against the actor).
 */
export function registerReportSlots(app: FastifyInstance, limits: ReportLimits) {
  app.decorate('reportSlots', new ReportSlots(limits));
  app.addHook('onRoute', (route) => {
    if (!isReport(route)) return;
    if (!route.config?.permission)
      throw new Error(`${route.method} ${route.url} is a report without a permission`);
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function report(request, reply) {
      return withReportSlot(request, async () => handler.call(this, request, reply));
    };
  });
}
