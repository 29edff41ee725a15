import { TIMETABLE_PERMISSIONS } from '@schooliko/common/academics/permissions';
import { defineModule } from '../../kit/module';
import { subjectsRoutes, timetableRoutes } from './timetable.routes';
import { seedTimetableDemo } from './timetable.seed';

export const timetableModule = defineModule({
  name: 'timetable',
  permissions: TIMETABLE_PERMISSIONS,
  security: () => import('./timetable.security'),
  seed: seedTimetableDemo,
  routes: [
    { plugin: subjectsRoutes, prefix: '/subjects' },
    { plugin: timetableRoutes, prefix: '/timetable' },
  ],
});
