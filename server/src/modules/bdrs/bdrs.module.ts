import { defineModule } from '../../kit/module';
import { bdrsRoutes } from './bdrs.routes';
import { seedBdrs } from './bdrs.seed';

export const bdrsModule = defineModule({
  name: 'bdrs',
  seed: seedBdrs,
  routes: [{ plugin: bdrsRoutes, prefix: '/bdrs' }],
});
