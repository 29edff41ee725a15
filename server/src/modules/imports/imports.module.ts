import { defineModule } from '../../kit/module';
import { importsRoutes } from './imports.routes';
import { importJob } from './imports.service';

export const importsModule = defineModule({
  name: 'imports',
  routes: [{ plugin: importsRoutes, prefix: '/imports' }],
  jobs: [importJob],
});
