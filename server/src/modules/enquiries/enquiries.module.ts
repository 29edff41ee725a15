import { defineModule } from '../../kit/module';
import { enquiriesRoutes } from './enquiries.routes';

export const enquiriesModule = defineModule({
  name: 'enquiries',
  routes: [{ plugin: enquiriesRoutes, prefix: '/admission-enquiries' }],
});
