import { CHANGE_REQUESTS_PERMISSIONS } from '@schooliko/common/people/permissions';
import { defineModule } from '../../kit/module';
import { changeRequestsRoutes } from './change-requests.routes';

export const changeRequestsModule = defineModule({
  name: 'change-requests',
  permissions: CHANGE_REQUESTS_PERMISSIONS,
  routes: [{ plugin: changeRequestsRoutes, prefix: '/change-requests' }],
});
