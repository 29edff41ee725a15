import { FEES_PERMISSIONS } from '@schooliko/common/fees/permissions';
import { defineModule } from '../../kit/module';
import { feesRoutes } from './fees.routes';
import { seedFeesDemo } from './fees.seed';

export const feesModule = defineModule({
  name: 'fees',
  permissions: FEES_PERMISSIONS,
  seed: seedFeesDemo,
  security: () => import('./fees.security'),
  routes: [{ plugin: feesRoutes, prefix: '/fees' }],
});
