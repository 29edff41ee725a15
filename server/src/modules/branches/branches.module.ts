import { defineModule } from '../../kit/module';
import { branchesRoutes } from './branches.routes';

export const branchesModule = defineModule({
  name: 'branches',
  routes: [{ plugin: branchesRoutes, prefix: '/branches' }],
});
