import { IMPORTS_PERMISSIONS } from '@schooliko/common/people/permissions';
import { defineModule } from '../../kit/module';
import { importsRoutes } from './imports.routes';
import { importJob } from './imports.service';

export const importsModule = defineModule({
  name: 'imports',
  permissions: IMPORTS_PERMISSIONS,
  routes: [{ plugin: importsRoutes, prefix: '/imports' }],
  jobs: [importJob],
});
