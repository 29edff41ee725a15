import { ATTENDANCE_PERMISSIONS } from '@schooliko/common/academics/permissions';
import { defineModule } from '../../kit/module';
import { attendanceRoutes } from './attendance.routes';

export const attendanceModule = defineModule({
  name: 'attendance',
  permissions: ATTENDANCE_PERMISSIONS,
  routes: [{ plugin: attendanceRoutes, prefix: '/attendance' }],
});
