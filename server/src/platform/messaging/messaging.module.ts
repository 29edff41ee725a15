import { MESSAGING_PERMISSIONS } from '@schooliko/common/messaging/permissions';
import { defineModule } from '../../kit/module';
import { messagingRoutes } from './messaging.routes';
import { seedDemoMessaging } from './messaging.seed';
import { messageJob } from './messaging.service';
import { pullJob } from './sms.delivery';

export const messagingModule = defineModule({
  name: 'messaging',
  permissions: MESSAGING_PERMISSIONS,
  seed: seedDemoMessaging,
  security: () => import('./messaging.security'),
  routes: [{ plugin: messagingRoutes, prefix: '/messaging' }],
  jobs: [messageJob, pullJob],
});
