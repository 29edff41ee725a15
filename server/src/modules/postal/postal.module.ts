import { defineModule } from '../../kit/module';
import { postalRoutes } from './postal.routes';

export const postalModule = defineModule({
  name: 'postal',
  routes: [{ plugin: postalRoutes, prefix: '/postal-records' }],
});
