import { defineModule } from '../../kit/module';
import { jobsRoutes } from './jobs.routes';

export const jobsModule = defineModule({
  name: 'jobs',
  routes: [{ plugin: jobsRoutes, prefix: '/jobs' }],
});
