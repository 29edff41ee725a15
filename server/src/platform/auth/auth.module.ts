import { defineModule } from '../../kit/module';
import { authRoutes } from './auth.routes';
import { seedDemoUsers } from './auth.seed';

export const authModule = defineModule({
  name: 'auth',
  seed: seedDemoUsers,
  routes: [{ plugin: authRoutes, prefix: '/auth' }],
});
