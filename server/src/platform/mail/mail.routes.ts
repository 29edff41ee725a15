import { listQuerySchema, listSchema, okSchema } from '@schooliko/common/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../kit/answer';
import { renderOutboxPage } from './mail.page';
import { listOutbox } from './mail.service';

const outboxQuerySchema = listQuerySchema.extend({ to: z.string().trim().max(254).optional() });

const outboxItemSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  channel: z.string(),
  created_at: z.string(),
});

/**
 * Development only (absent when NODE_ENV=production): the outbox as JSON under /api/dev, for
 * end-to-end tests that read reset links and OTPs. No tenant or sign-in: it is a local tool.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.NODE_ENV === 'production') return;
  app.get(
    '/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Mail kept in the outbox, newest first (not in production)',
        querystring: outboxQuerySchema,
        response: { 200: okSchema(listSchema(outboxItemSchema)) },
      },
    },
    async (request) => {
      const { items, pagination } = await listOutbox(app.database.db, request.query);
      return ok({
        items: items.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          channel: m.channel,
          created_at: m.createdAt.toISOString(),
        })),
        pagination,
      });
    },
  );
};

/** Development only: the outbox as a page at /dev/mail (registered at the root, not under /api). */
export const devMailPage: FastifyPluginAsyncZod = async (app) => {
  if (app.config.NODE_ENV === 'production') return;
  app.get(
    '/dev/mail',
    {
      schema: {
        tags: ['dev'],
        summary: 'Development mail viewer (not in production)',
        hide: true,
        querystring: outboxQuerySchema,
      },
    },
    async (request, reply) => {
      const { items, pagination } = await listOutbox(app.database.db, { ...request.query, limit: 50 });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderOutboxPage(items, request.query.to, pagination.total));
    },
  );
};
