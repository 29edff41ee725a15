import { BRANCHES_PERMISSIONS } from '@schooliko/common/people/permissions';
import { defineModule } from '../../kit/module';
import { branchesRoutes } from './branches.routes';

export const branchesModule = defineModule({
  name: 'branches',
  permissions: BRANCHES_PERMISSIONS,
  routes: [{ plugin: branchesRoutes, prefix: '/branches' }],
});
