import { MESSAGING_PERMISSIONS } from '@schooliko/common/messaging/permissions';
import { defineModule } from '../../kit/module';
import { messagingRoutes } from './messaging.routes';

export const messagingModule = defineModule({
  name: 'messaging',
  permissions: MESSAGING_PERMISSIONS,
  routes: [{ plugin: messagingRoutes, prefix: '/messaging' }],
});
