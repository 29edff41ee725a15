import { JOB_MESSAGES, type Job, type JobRowError } from '@schooliko/common/jobs';
import { IMPORT_MAX_ERRORS } from '@schooliko/common/people/imports';
import { and, eq, getTableName, sql, type Table } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import type { NotificationHub } from '../notifications/notification-hub';
import { type JobRow, jobs } from './jobs.table';

/** What a handler is given: the job, and how to report progress and row errors as it goes. */
export type JobContext = {
  id: string;
  kind: string;
  instituteId: string;
  userId: string | null;
  payload: Record<string, unknown>;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  progress: (done: number, total: number) => Promise<void>;
  addErrors: (errors: JobRowError[]) => Promise<void>;
};
export type JobHandler = (job: JobContext) => Promise<Record<string, unknown> | undefined>;

/**
 * A failure that another attempt cannot mend, because the job's input is at fault (a malformed
 * file): the job fails at once, with this message. A refusal a service throws (`httpError` with a
 * 4xx other than 408 and 429: a record gone, a value refused) counts as one too.
 */
export class PermanentJobError extends Error {}

const permanent = (error: unknown) =>
  error instanceof PermanentJobError ||
  (error instanceof HttpError &&
    error.statusCode >= 400 &&
    error.statusCode < 500 &&
    error.statusCode !== 408 &&
    error.statusCode !== 429);

/** The stream's job event: the state without the row errors (GET /api/jobs/:id has them). */
export type JobEvent = { userId: string; instituteId: string; job: Omit<Job, 'errors'> };

const LEASE = sql`interval '5 minutes'`;
const PROGRESS_EVERY_MS = 250;

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: { done: row.progressDone, total: row.progressTotal },
    errors: row.errors,
    error_count: row.errorCount,
    failure: row.failure,
    result: row.result ?? null,
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

type NewJob = {
  kind: string;
  instituteId: string;
  userId: string | null;
  payload: Record<string, unknown>;
  maxAttempts?: number;
  /** Not before this time (a message held through quiet hours, tomorrow's run). */
  runAt?: Date;
};

/**
 * Queues a job in the caller's transaction: if the change that causes it rolls back, so does the
 * job. The worker picks it up after the commit (within a quarter of a second).
 */
export async function enqueueJob(tx: Db, job: NewJob): Promise<string> {
  const [id] = await enqueueJobs(tx, [job]);
  if (!id) throw new Error('job not queued');
  return id;
}

/** Queues many jobs in one statement (a run's thousand messages), in the caller's transaction. */
export async function enqueueJobs(tx: Db, list: readonly NewJob[]): Promise<string[]> {
  if (!list.length) return [];
  const rows = await tx
    .insert(jobs)
    .values(
      list.map((job) => ({
        instituteId: job.instituteId,
        kind: job.kind,
        payload: job.payload,
        createdBy: job.userId,
        maxAttempts: job.maxAttempts ?? 5,
        ...(job.runAt ? { runAt: job.runAt } : {}),
      })),
    )
    .returning({ id: jobs.id });
  return rows.map((row) => row.id);
}

/** Seconds before the next attempt: 2, 4, 8, … up to 5 minutes. */
export const backoffSeconds = (attempt: number) => Math.min(300, 2 ** attempt);

/**
 * The worker: one per process. It claims a runnable job (queued and due, or running with an
 * expired lease: its worker died) with FOR UPDATE SKIP LOCKED, so several instances share the
 * queue on PostgreSQL and no job runs twice at once; it runs the handler and records the outcome.
 * A job someone started (an import, "Run now", a section's report cards: they watch its progress)
 * goes before those nobody waits for (each queued message, the daily runs), oldest first within
 * each: a thousand reminders being delivered never keep the accountant's next run waiting.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly writes = new Map<string, readonly string[]>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  /**
   * `afterBulk` runs when a job that writes many rows has done its work, before it is marked done,
   * with the tables it wrote: the app renews their statistics (maintenance.service.ts,
   * renewStatistics), so the pages opened on the job's result are planned on its rows.
   */
  constructor(
    private readonly db: Db,
    private readonly hub: NotificationHub,
    private readonly log: FastifyBaseLogger,
    private readonly afterBulk: (tables: readonly string[]) => Promise<unknown> = async () => {},
  ) {}

  /** `bulk`: the tables the job writes many rows of at once (a term's dues, an import, a promotion). */
  define(kind: string, handler: JobHandler, options: { bulk?: readonly Table[] } = {}) {
    this.handlers.set(kind, handler);
    if (options.bulk?.length)
      this.writes.set(
        kind,
        options.bulk.map((t) => getTableName(t)),
      );
  }

  /** Polls for work every `intervalMs` until stopped. */
  start(intervalMs = 250) {
    this.stopped = false;
    const tick = async () => {
      if (this.stopped) return;
      try {
        while (!this.stopped && (await this.runOnce()));
      } catch (err) {
        this.log.warn({ err }, 'job queue poll failed');
      }
      if (!this.stopped) this.timer = setTimeout(tick, intervalMs);
    };
    this.timer = setTimeout(tick, intervalMs);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running.catch(() => {});
  }

  /** Runs jobs until none is due (tests, and the CLI); the same path as the poller. */
  async drain(): Promise<void> {
    while (await this.runOnce());
  }

  /** Claims and runs one due job; false when there was none. */
  async runOnce(): Promise<boolean> {
    const kinds = [...this.handlers.keys()];
    if (!kinds.length) return false;
    const claimed = await this.db.execute(sql`
      update ${jobs} set status = 'running', attempts = attempts + 1, locked_until = now() + ${LEASE},
        errors = '[]'::jsonb, error_count = 0,
        started_at = coalesce(started_at, now())
      where (institute_id, id) = (
        select institute_id, id from ${jobs}
        where ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
          and kind in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
        order by (created_by is null), run_at limit 1 for update skip locked)
      returning institute_id, id`);
    const key = (claimed as unknown as { rows: { institute_id: string; id: string }[] }).rows[0];
    if (!key) return false;
    const run = this.run(key.institute_id, key.id);
    this.running = run;
    await run;
    return true;
  }

  private where(instituteId: string, id: string) {
    return and(eq(jobs.instituteId, instituteId), eq(jobs.id, id));
  }

  private async run(instituteId: string, id: string) {
    const [row] = await this.db.select().from(jobs).where(this.where(instituteId, id));
    if (!row) return;
    const handler = this.handlers.get(row.kind);
    if (!handler) return;
    // Claimed once more after its last attempt, whose worker died (a file that took the process
    // down would take it down again): failed, never run again.
    if (row.attempts > row.maxAttempts)
      return this.record(instituteId, id, {
        status: 'failed',
        attempts: row.maxAttempts,
        failure: JOB_MESSAGES.stopped.text,
        lockedUntil: null,
        finishedAt: sql`now()`,
      });
    let kept = row.errors.length;
    let lastPublished = 0;
    const context: JobContext = {
      id,
      kind: row.kind,
      instituteId,
      userId: row.createdBy,
      payload: row.payload,
      attempt: row.attempts,
      progress: async (done, total) => {
        const now = Date.now();
        if (now - lastPublished < PROGRESS_EVERY_MS && done < total) return;
        lastPublished = now;
        const [updated] = await this.db
          .update(jobs)
          .set({ progressDone: done, progressTotal: total, lockedUntil: sql`now() + ${LEASE}` })
          .where(this.where(instituteId, id))
          .returning();
        if (updated) this.announce(updated);
      },
      addErrors: async (errors) => {
        const room = Math.max(0, IMPORT_MAX_ERRORS - kept);
        const keep = errors.slice(0, room);
        kept += keep.length;
        await this.db
          .update(jobs)
          .set({
            errors: sql`${jobs.errors} || ${JSON.stringify(keep)}::jsonb`,
            errorCount: sql`${jobs.errorCount} + ${errors.length}`,
          })
          .where(this.where(instituteId, id));
      },
    };
    try {
      const result = await handler(context);
      const written = this.writes.get(row.kind);
      if (written)
        await this.afterBulk(written).catch((err) =>
          this.log.warn({ err, job: id }, 'statistics not renewed'),
        );
      await this.record(instituteId, id, {
        status: 'done',
        result: result ?? {},
        failure: null,
        lockedUntil: null,
        finishedAt: sql`now()`,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = permanent(error) || row.attempts >= row.maxAttempts;
      if (!final) this.log.warn({ err: error, job: id, kind: row.kind }, 'job failed; it will be retried');
      await this.record(
        instituteId,
        id,
        final
          ? { status: 'failed', failure: message, lockedUntil: null, finishedAt: sql`now()` }
          : {
              status: 'queued',
              failure: message,
              lockedUntil: null,
              runAt: sql`now() + make_interval(secs => ${backoffSeconds(row.attempts)})`,
            },
      );
    }
  }

  /** Records a job's outcome and tells its creator. */
  private async record(instituteId: string, id: string, outcome: PgUpdateSetSource<typeof jobs>) {
    const [row] = await this.db.update(jobs).set(outcome).where(this.where(instituteId, id)).returning();
    if (row) this.announce(row);
  }

  /** Tells the job's creator, live, on whichever instance their stream is open. */
  private announce(row: JobRow) {
    if (!row.createdBy) return;
    const { errors: _errors, ...job } = toJob(row);
    this.hub.publishJob({ userId: row.createdBy, instituteId: row.instituteId, job });
  }
}
