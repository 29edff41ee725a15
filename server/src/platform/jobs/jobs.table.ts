import type { JobRowError, JobStatus } from '@schooliko/common/jobs';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/**
 * The durable job queue (ADR 006): a job is a row, inserted in the transaction of the change that
 * causes it, claimed by a worker with FOR UPDATE SKIP LOCKED, retried with backoff, and holding
 * its own progress and row errors for the person who started it.
 */
export const jobs = tenantTable(
  'jobs',
  {
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** While running: the lease. A worker that died leaves it to expire, and the job runs again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    errors: jsonb('errors').$type<JobRowError[]>().notNull().default([]),
    errorCount: integer('error_count').notNull().default(0),
    failure: text('failure'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  // The worker's claim looks across institutes by status, who waits and time (it is the
  // platform's, not a tenant's).
  (t) => [
    index('jobs_runnable_idx').on(t.status, sql`(${t.createdBy} is null)`, t.runAt),
    index('jobs_creator_idx').on(t.instituteId, t.createdBy, t.createdAt),
  ],
);
export type JobRow = typeof jobs.$inferSelect;
