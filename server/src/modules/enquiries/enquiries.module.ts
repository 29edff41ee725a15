import { ENQUIRIES_PERMISSIONS } from '@schooliko/common/desk/permissions';
import { seedDeskDemo } from '../../db/demo/desk';
import { defineModule } from '../../kit/module';
import { enquiriesRoutes } from './enquiries.routes';

export const enquiriesModule = defineModule({
  name: 'enquiries',
  permissions: ENQUIRIES_PERMISSIONS,
  seed: seedDeskDemo,
  security: () => import('./enquiries.security'),
  routes: [{ plugin: enquiriesRoutes, prefix: '/admission-enquiries' }],
});
