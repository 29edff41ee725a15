import { defineModule } from '../../kit/module';
import { devOutboxRoutes } from './mail.routes';
import { mailJob } from './mail.service';

export const mailModule = defineModule({
  name: 'mail',
  routes: [{ plugin: devOutboxRoutes, prefix: '/dev' }],
  jobs: [mailJob],
});
