import { defineModule } from '../../kit/module';
import { billEnrolled } from './billing.service';
import { feesRoutes } from './fees.routes';

export const feesModule = defineModule({
  name: 'fees',
  routes: [{ plugin: feesRoutes, prefix: '/fees' }],
  on: { 'student.enrolled': billEnrolled },
});
