import { POSTAL_PERMISSIONS } from '@schooliko/common/desk/permissions';
import { defineModule } from '../../kit/module';
import { postalRoutes } from './postal.routes';

export const postalModule = defineModule({
  name: 'postal',
  permissions: POSTAL_PERMISSIONS,
  security: () => import('./postal.security'),
  routes: [{ plugin: postalRoutes, prefix: '/postal-records' }],
});
