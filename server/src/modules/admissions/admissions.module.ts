import { defineModule } from '../../kit/module';
import { admissionsRoutes } from './admissions.routes';

export const admissionsModule = defineModule({
  name: 'admissions',
  routes: [{ plugin: admissionsRoutes }],
});
