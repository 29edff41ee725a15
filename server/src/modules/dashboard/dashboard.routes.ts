import { adminDashboardSchema } from '@schooliko/common/dashboard';
import { groupFeesSchema } from '@schooliko/common/fees/dues';
import { failSchema, okSchema } from '@schooliko/common/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/answer';
import { requireAuth } from '../../plugins/auth';
import { ADMIN_DASHBOARD_ROLES, DIRECTOR_DASHBOARD_ROLES } from './dashboard.policy';
import { adminDashboard, directorFees } from './dashboard.service';
import { deskCardsRoutes } from './desk-cards.routes';
import { homeRoutes } from './home.routes';

/** /api/dashboard: live figures for the dashboards. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(deskCardsRoutes);
  await app.register(homeRoutes);
  app.get(
    '/admin',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'The admin dashboard: members by role, pending sign-ups, the group, recent activity',
        response: { 200: okSchema(adminDashboardSchema), 401: failSchema, 403: failSchema },
      },
    },
    async (request) => {
      const ctx = await requireAuth(request, ADMIN_DASHBOARD_ROLES);
      return ok(await adminDashboard(app.database.db, ctx));
    },
  );
  app.get(
    '/director/fees',
    {
      schema: {
        tags: ['dashboard'],
        summary: "The director's groups' institutes: today's collection and what is outstanding, each",
        response: { 200: okSchema(groupFeesSchema), 401: failSchema, 403: failSchema },
      },
    },
    async (request) => {
      const ctx = await requireAuth(request, DIRECTOR_DASHBOARD_ROLES);
      return ok(await directorFees(app.database.db, ctx.userId));
    },
  );
};
