import { COMPLAINTS_PERMISSIONS } from '@schooliko/common/desk/permissions';
import { defineModule } from '../../kit/module';
import { complaintsRoutes } from './complaints.routes';

export const complaintsModule = defineModule({
  name: 'complaints',
  permissions: COMPLAINTS_PERMISSIONS,
  security: () => import('./complaints.security'),
  routes: [{ plugin: complaintsRoutes, prefix: '/complaints' }],
});
