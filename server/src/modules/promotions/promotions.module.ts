import { PROMOTIONS_PERMISSIONS } from '@schooliko/common/people/permissions';
import { defineModule } from '../../kit/module';
import { promotionsRoutes } from './promotions.routes';
import { promotionJob } from './promotions.service';

export const promotionsModule = defineModule({
  name: 'promotions',
  permissions: PROMOTIONS_PERMISSIONS,
  routes: [{ plugin: promotionsRoutes, prefix: '/promotions' }],
  jobs: [promotionJob],
});
