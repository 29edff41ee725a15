import { defineModule } from '../../kit/module';
import { changeRequestsRoutes } from './change-requests.routes';

export const changeRequestsModule = defineModule({
  name: 'change-requests',
  routes: [{ plugin: changeRequestsRoutes, prefix: '/change-requests' }],
});
