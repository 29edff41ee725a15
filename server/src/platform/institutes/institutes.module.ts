import { defineModule } from '../../kit/module';
import { institutesRoutes } from './institutes.routes';
import { seedDemoInstitutes } from './institutes.seed';

export const institutesModule = defineModule({
  name: 'institutes',
  seed: seedDemoInstitutes,
  routes: [{ plugin: institutesRoutes, prefix: '/institutes' }],
});
