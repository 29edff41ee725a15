import { EXAMS_PERMISSIONS } from '@schooliko/common/academics/permissions';
import { defineModule } from '../../kit/module';
import { examsRoutes } from './exams.routes';

export const examsModule = defineModule({
  name: 'exams',
  permissions: EXAMS_PERMISSIONS,
  routes: [{ plugin: examsRoutes, prefix: '/exams' }],
});
