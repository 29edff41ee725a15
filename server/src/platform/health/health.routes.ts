import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const HEALTH_TIMEOUT_MS = 2_000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: {
          200: z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) }),
          503: z.object({
            success: z.literal(false),
            status: z.literal('unavailable'),
            db: z.string(),
            message: z.string(),
          }),
        },
      },
    },
    async (_request, reply) => {
      const kind = app.database.kind;
      try {
        await Promise.race([
          app.database.db.execute(sql`select 1`),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('timeout')), HEALTH_TIMEOUT_MS).unref(),
          ),
        ]);
        return { status: 'ok' as const, db: kind };
      } catch {
        return reply.status(503).send({
          success: false as const,
          status: 'unavailable' as const,
          db: kind,
          message: 'Database unavailable',
        });
      }
    },
  );
};
