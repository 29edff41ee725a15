import { defineModule } from '../../kit/module';
import { studentsRoutes } from './students.routes';

export const studentsModule = defineModule({
  name: 'students',
  routes: [{ plugin: studentsRoutes, prefix: '/students' }],
});
