import { defineModule } from '../../kit/module';
import { authRoutes } from './auth.routes';

export const authModule = defineModule({
  name: 'auth',
  routes: [{ plugin: authRoutes, prefix: '/auth' }],
});
