import { defineModule } from '../../kit/module';
import { promotionsRoutes } from './promotions.routes';
import { promotionJob } from './promotions.service';

export const promotionsModule = defineModule({
  name: 'promotions',
  routes: [{ plugin: promotionsRoutes, prefix: '/promotions' }],
  jobs: [promotionJob],
});
