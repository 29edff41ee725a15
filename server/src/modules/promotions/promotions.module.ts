import { defineModule } from '../../kit/module';
import { promotionsRoutes } from './promotions.routes';

export const promotionsModule = defineModule({
  name: 'promotions',
  routes: [{ plugin: promotionsRoutes, prefix: '/promotions' }],
});
