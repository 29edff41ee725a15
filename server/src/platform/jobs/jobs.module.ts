import { JOBS_PERMISSIONS } from '@schooliko/common/jobs/permissions';
import { defineModule } from '../../kit/module';
import { jobsRoutes } from './jobs.routes';

export const jobsModule = defineModule({
  name: 'jobs',
  permissions: JOBS_PERMISSIONS,
  routes: [{ plugin: jobsRoutes, prefix: '/jobs' }],
});
