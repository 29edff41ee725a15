import { STUDENTS_PERMISSIONS } from '@schooliko/common/people/permissions';
import { defineModule } from '../../kit/module';
import { studentsRoutes } from './students.routes';
import { seedDemoSchools } from './students.seed';

export const studentsModule = defineModule({
  name: 'students',
  permissions: STUDENTS_PERMISSIONS,
  seed: seedDemoSchools,
  routes: [{ plugin: studentsRoutes, prefix: '/students' }],
});
