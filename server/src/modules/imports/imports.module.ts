import { defineModule } from '../../kit/module';
import { importsRoutes } from './imports.routes';

export const importsModule = defineModule({
  name: 'imports',
  routes: [{ plugin: importsRoutes, prefix: '/imports' }],
});
