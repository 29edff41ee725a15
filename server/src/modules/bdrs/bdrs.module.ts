import { defineModule } from '../../kit/module';
import { bdrsRoutes } from './bdrs.routes';

export const bdrsModule = defineModule({
  name: 'bdrs',
  routes: [{ plugin: bdrsRoutes, prefix: '/bdrs' }],
});
