import { FEES_PERMISSIONS } from '@schooliko/common/fees/permissions';
import { defineModule } from '../../kit/module';
import { feesRoutes } from './fees.routes';

export const feesModule = defineModule({
  name: 'fees',
  permissions: FEES_PERMISSIONS,
  routes: [{ plugin: feesRoutes, prefix: '/fees' }],
});
