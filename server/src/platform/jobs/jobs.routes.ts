import { okSchema } from '@schooliko/common/http';
import { JOB_MESSAGES, jobSchema } from '@schooliko/common/jobs';
import { uuidParam } from '@schooliko/common/people/fields';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../kit/answer';
import { holds } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { toJob } from './jobs.service';
import { jobs } from './jobs.table';

/** A background job's state: its creator's (or, with jobs:read, any of the institute's). */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      config: { permission: ['jobs:read', 'jobs:read:own'] },
      schema: {
        tags: ['jobs'],
        summary: 'A background job: status, progress, row errors and result',
        params: uuidParam,
        response: { 200: okSchema(jobSchema) },
      },
    },
    async (request) =>
      answer(request, async (tx, actor) => {
        const [row] = await tx
          .select()
          .from(jobs)
          .where(
            and(
              eq(jobs.instituteId, actor.institute.id),
              eq(jobs.id, request.params.id),
              holds(actor, 'jobs:read') ? undefined : eq(jobs.createdBy, actor.userId),
            ),
          );
        if (!row) throw httpError(404, JOB_MESSAGES.notFound);
        return toJob(row);
      }),
  );
};
