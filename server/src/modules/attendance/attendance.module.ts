import { ATTENDANCE_PERMISSIONS } from '@schooliko/common/academics/permissions';
import { defineModule } from '../../kit/module';
import { attendanceRoutes } from './attendance.routes';
import { seedAttendanceDemo } from './attendance.seed';

export const attendanceModule = defineModule({
  name: 'attendance',
  permissions: ATTENDANCE_PERMISSIONS,
  seed: seedAttendanceDemo,
  security: () => import('./attendance.security'),
  routes: [{ plugin: attendanceRoutes, prefix: '/attendance' }],
});
