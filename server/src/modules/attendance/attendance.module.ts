import { defineModule } from '../../kit/module';
import { attendanceOver } from './attendance.dashboard';
import { attendanceRoutes } from './attendance.routes';

export const attendanceModule = defineModule({
  name: 'attendance',
  routes: [{ plugin: attendanceRoutes, prefix: '/attendance' }],
  // Report cards print each pupil's attendance of the term from this module's figures.
  provides: { 'reportCard.attendance': attendanceOver },
});
