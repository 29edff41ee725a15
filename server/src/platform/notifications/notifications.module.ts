import { defineModule } from '../../kit/module';
import { notificationsRoutes } from './notifications.routes';

export const notificationsModule = defineModule({
  name: 'notifications',
  routes: [{ plugin: notificationsRoutes, prefix: '/notifications' }],
});
