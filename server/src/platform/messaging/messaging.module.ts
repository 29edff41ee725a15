import { defineModule } from '../../kit/module';
import { messagingRoutes } from './messaging.routes';
import { messageJob } from './messaging.service';
import { pullJob } from './sms.delivery';

export const messagingModule = defineModule({
  name: 'messaging',
  routes: [{ plugin: messagingRoutes, prefix: '/messaging' }],
  jobs: [messageJob, pullJob],
});
