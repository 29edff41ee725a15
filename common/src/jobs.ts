import { z } from 'zod';
import { defineMessages } from './messages';

/** Background work (imports, promotion, mail): its state as the API and the live stream tell it. */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The event the notification stream sends the job's creator: `event: job`. */
export const JOB_STREAM_EVENT = 'job';

export const jobErrorSchema = z.object({ line: z.number(), field: z.string(), message: z.string() });
export type JobRowError = z.infer<typeof jobErrorSchema>;

export const jobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: z.object({ done: z.number(), total: z.number() }),
  errors: z.array(jobErrorSchema),
  /** Row errors beyond the first 1,000 are counted, not kept. */
  error_count: z.number(),
  /** Why the job failed, when it did. */
  failure: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  attempts: z.number(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const JOB_MESSAGES = defineMessages('jobs', {
  notFound: 'Job not found',
  stopped: 'The work stopped before it finished, each time it was tried, so it was not tried again.',
} as const);
