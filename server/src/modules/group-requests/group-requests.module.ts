import { defineModule } from '../../kit/module';
import { groupRequestsRoutes } from './group-requests.routes';

export const groupRequestsModule = defineModule({
  name: 'group-requests',
  routes: [{ plugin: groupRequestsRoutes, prefix: '/group-requests' }],
});
