import { defineModule } from '../../kit/module';
import { dashboardRoutes } from './dashboard.routes';

export const dashboardModule = defineModule({
  name: 'dashboard',
  routes: [{ plugin: dashboardRoutes, prefix: '/dashboard' }],
});
