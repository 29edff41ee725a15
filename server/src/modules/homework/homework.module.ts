import { defineModule } from '../../kit/module';
import { homeworkRoutes } from './homework.routes';

export const homeworkModule = defineModule({
  name: 'homework',
  routes: [{ plugin: homeworkRoutes, prefix: '/homework' }],
});
