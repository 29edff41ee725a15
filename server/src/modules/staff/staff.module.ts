import { defineModule } from '../../kit/module';
import { staffRoutes } from './staff.routes';

export const staffModule = defineModule({
  name: 'staff',
  routes: [{ plugin: staffRoutes, prefix: '/staff' }],
});
