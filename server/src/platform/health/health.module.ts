import { defineModule } from '../../kit/module';
import { healthRoutes } from './health.routes';

export const healthModule = defineModule({
  name: 'health',
  routes: [{ plugin: healthRoutes }],
});
