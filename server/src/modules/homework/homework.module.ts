import { HOMEWORK_PERMISSIONS } from '@schooliko/common/academics/permissions';
import { defineModule } from '../../kit/module';
import { homeworkRoutes } from './homework.routes';
import { seedHomeworkDemo } from './homework.seed';

export const homeworkModule = defineModule({
  name: 'homework',
  permissions: HOMEWORK_PERMISSIONS,
  security: () => import('./homework.security'),
  seed: seedHomeworkDemo,
  routes: [{ plugin: homeworkRoutes, prefix: '/homework' }],
});
