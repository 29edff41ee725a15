import { defineModule } from '../../kit/module';
import { institutesRoutes } from './institutes.routes';

export const institutesModule = defineModule({
  name: 'institutes',
  routes: [{ plugin: institutesRoutes, prefix: '/institutes' }],
});
