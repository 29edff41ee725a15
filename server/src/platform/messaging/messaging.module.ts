import { defineModule } from '../../kit/module';
import { messagingRoutes } from './messaging.routes';

export const messagingModule = defineModule({
  name: 'messaging',
  routes: [{ plugin: messagingRoutes, prefix: '/messaging' }],
});
