import { STAFF_PERMISSIONS } from '@schooliko/common/people/permissions';
import { defineModule } from '../../kit/module';
import { staffRoutes } from './staff.routes';

export const staffModule = defineModule({
  name: 'staff',
  permissions: STAFF_PERMISSIONS,
  routes: [{ plugin: staffRoutes, prefix: '/staff' }],
});
