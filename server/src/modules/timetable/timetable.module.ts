import { TIMETABLE_PERMISSIONS } from '@schooliko/common/academics/permissions';
import { defineModule } from '../../kit/module';
import { subjectsRoutes, timetableRoutes } from './timetable.routes';

export const timetableModule = defineModule({
  name: 'timetable',
  permissions: TIMETABLE_PERMISSIONS,
  routes: [
    { plugin: subjectsRoutes, prefix: '/subjects' },
    { plugin: timetableRoutes, prefix: '/timetable' },
  ],
});
