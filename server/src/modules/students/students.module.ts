import { STUDENTS_PERMISSIONS } from '@schooliko/common/people/permissions';
import { defineModule } from '../../kit/module';
import { studentsRoutes } from './students.routes';

export const studentsModule = defineModule({
  name: 'students',
  permissions: STUDENTS_PERMISSIONS,
  routes: [{ plugin: studentsRoutes, prefix: '/students' }],
});
