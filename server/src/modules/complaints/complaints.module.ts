import { defineModule } from '../../kit/module';
import { complaintsRoutes } from './complaints.routes';

export const complaintsModule = defineModule({
  name: 'complaints',
  routes: [{ plugin: complaintsRoutes, prefix: '/complaints' }],
});
