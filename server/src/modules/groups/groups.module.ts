import { defineModule } from '../../kit/module';
import { groupsRoutes } from './groups.routes';
import { seedDemoGroups } from './groups.seed';

export const groupsModule = defineModule({
  name: 'groups',
  seed: seedDemoGroups,
  routes: [{ plugin: groupsRoutes, prefix: '/groups' }],
});
