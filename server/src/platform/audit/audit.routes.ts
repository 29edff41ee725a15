import { okSchema } from '@schooliko/common/http';
import { auditEntrySchema } from '@schooliko/common/people/audit';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { answer } from '../../kit/answer';
import type { Actor } from '../../kit/scope';
import { type AuditEntity, historyOf } from './audit.service';

/**
 * `GET <prefix>/:id/history` for a record kind: the record must be one the caller may see (`find`
 * answers 404 otherwise), then its audit trail, newest first. Needs people:audit.
 */
export function historyRoute(options: {
  tags: string[];
  summary: string;
  entities: readonly AuditEntity[];
  find: (tx: Db, actor: Actor, id: string) => Promise<unknown>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/:id/history',
      {
        config: { permission: 'people:audit' },
        schema: {
          tags: options.tags,
          summary: options.summary,
          params: uuidParam,
          response: { 200: okSchema(z.object({ items: z.array(auditEntrySchema) })) },
        },
      },
      async (request) =>
        answer(request, async (tx, actor) => {
          await options.find(tx, actor, request.params.id);
          return { items: await historyOf(tx, actor.institute.id, options.entities, request.params.id) };
        }),
    );
  };
}
