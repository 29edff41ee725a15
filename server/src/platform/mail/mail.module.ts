import { defineModule } from '../../kit/module';
import { devOutboxRoutes } from './mail.routes';

export const mailModule = defineModule({
  name: 'mail',
  routes: [{ plugin: devOutboxRoutes, prefix: '/dev' }],
});
