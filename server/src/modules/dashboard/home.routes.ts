import { homeDashboardSchema, homeQuerySchema } from '@schooliko/common/home';
import { failSchema, okSchema } from '@schooliko/common/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../kit/answer';
import { homeDashboard } from './home.service';

/**
 * GET /api/dashboard/home: the caller's dashboard in their acting role (spec 2.13, live). Everyone
 * with a home reads the calendar (calendar:read); what each card holds is the caller's own (their
 * sections, their section, their children, their notifications), decided in home.service.ts.
 */
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/home',
    {
      config: { permission: 'calendar:read' },
      schema: {
        tags: ['dashboard'],
        summary:
          "My dashboard: a teacher's classes and day, a student's subjects and day, a parent's children and notifications; upcoming events",
        querystring: homeQuerySchema,
        response: { 200: okSchema(homeDashboardSchema), 400: failSchema },
      },
    },
    async (request) => answer(request, (tx, actor) => homeDashboard(tx, actor, request.query.date)),
  );
};
