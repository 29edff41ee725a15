import { defineModule } from '../../kit/module';
import { examsRoutes } from './exams.routes';

export const examsModule = defineModule({
  name: 'exams',
  routes: [{ plugin: examsRoutes, prefix: '/exams' }],
});
