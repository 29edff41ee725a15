import { defineModule } from '../../kit/module';
import { feesRoutes } from './fees.routes';

export const feesModule = defineModule({
  name: 'fees',
  routes: [{ plugin: feesRoutes, prefix: '/fees' }],
});
