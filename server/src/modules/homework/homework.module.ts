import { HOMEWORK_PERMISSIONS } from '@schooliko/common/academics/permissions';
import { defineModule } from '../../kit/module';
import { homeworkRoutes } from './homework.routes';

export const homeworkModule = defineModule({
  name: 'homework',
  permissions: HOMEWORK_PERMISSIONS,
  routes: [{ plugin: homeworkRoutes, prefix: '/homework' }],
});
