import { defineModule } from '../../kit/module';
import { attendanceRoutes } from './attendance.routes';

export const attendanceModule = defineModule({
  name: 'attendance',
  routes: [{ plugin: attendanceRoutes, prefix: '/attendance' }],
});
