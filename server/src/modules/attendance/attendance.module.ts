import { ATTENDANCE_PERMISSIONS } from '@schooliko/common/academics/permissions';
import { defineModule } from '../../kit/module';
import { attendanceOver } from './attendance.dashboard';
import { attendanceRoutes } from './attendance.routes';
import { seedAttendanceDemo } from './attendance.seed';

export const attendanceModule = defineModule({
  name: 'attendance',
  permissions: ATTENDANCE_PERMISSIONS,
  seed: seedAttendanceDemo,
  security: () => import('./attendance.security'),
  routes: [{ plugin: attendanceRoutes, prefix: '/attendance' }],
  // Report cards print each pupil's attendance of the term from this module's figures.
  provides: { 'reportCard.attendance': attendanceOver },
});
