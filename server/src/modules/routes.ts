import type { FastifyInstance } from 'fastify';
import { admissionsRoutes } from './admissions/admissions.routes';
import { authRoutes } from './auth/auth.routes';
import { bdrsRoutes } from './bdrs/bdrs.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { directorsRoutes } from './directors/directors.routes';
import { domainsRoutes } from './domains/domains.routes';
import { groupRequestsRoutes } from './group-requests/group-requests.routes';
import { groupsRoutes } from './groups/groups.routes';
import { healthRoutes } from './health/health.routes';
import { institutesRoutes } from './institutes/institutes.routes';
import { devOutboxRoutes } from './mail/mail.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { pincodeRoutes } from './pincode/pincode.routes';
import { profileRoutes } from './profile/profile.routes';
import { uploadsRoutes } from './uploads/uploads.routes';
import { websiteRoutes } from './website/website.routes';

/** Every feature module's routes, under /api. A new module adds one line here. */
export async function registerModules(api: FastifyInstance) {
  await api.register(healthRoutes);
  await api.register(institutesRoutes, { prefix: '/institutes' });
  await api.register(authRoutes, { prefix: '/auth' });
  await api.register(devOutboxRoutes, { prefix: '/dev' });
  await api.register(notificationsRoutes, { prefix: '/notifications' });
  await api.register(pincodeRoutes, { prefix: '/pincode' });
  await api.register(websiteRoutes);
  await api.register(profileRoutes, { prefix: '/profile' });
  await api.register(admissionsRoutes);
  await api.register(groupsRoutes, { prefix: '/groups' });
  await api.register(groupRequestsRoutes, { prefix: '/group-requests' });
  await api.register(directorsRoutes, { prefix: '/directors' });
  await api.register(dashboardRoutes, { prefix: '/dashboard' });
  await api.register(bdrsRoutes, { prefix: '/bdrs' });
  await api.register(domainsRoutes, { prefix: '/domains' });
  await api.register(uploadsRoutes, { prefix: '/uploads' });
}
