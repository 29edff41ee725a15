import { defineModule } from '../../kit/module';
import { directorsRoutes } from './directors.routes';

export const directorsModule = defineModule({
  name: 'directors',
  routes: [{ plugin: directorsRoutes, prefix: '/directors' }],
});
