import { defineModule } from '../../kit/module';
import { groupsRoutes } from './groups.routes';

export const groupsModule = defineModule({
  name: 'groups',
  routes: [{ plugin: groupsRoutes, prefix: '/groups' }],
});
