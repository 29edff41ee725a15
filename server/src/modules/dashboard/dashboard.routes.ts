import { adminDashboardSchema } from '@schooliko/common/dashboard';
import { failSchema, okSchema } from '@schooliko/common/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import { ADMIN_DASHBOARD_ROLES } from './dashboard.policy';
import { adminDashboard } from './dashboard.service';

/** /api/dashboard: live figures for the dashboards. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
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
      return { success: true as const, data: await adminDashboard(app.database.db, ctx) };
    },
  );
};
