import { ENQUIRIES_PERMISSIONS } from '@schooliko/common/desk/permissions';
import { defineModule } from '../../kit/module';
import { enquiriesRoutes } from './enquiries.routes';

export const enquiriesModule = defineModule({
  name: 'enquiries',
  permissions: ENQUIRIES_PERMISSIONS,
  routes: [{ plugin: enquiriesRoutes, prefix: '/admission-enquiries' }],
});
