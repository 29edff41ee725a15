import { CALENDAR_PERMISSIONS } from '@schooliko/common/academics/permissions';
import { defineModule } from '../../kit/module';
import { calendarRoutes, publicEventsRoutes } from './calendar.routes';
import { seedCalendarDemo } from './calendar.seed';

export const calendarModule = defineModule({
  name: 'calendar',
  permissions: CALENDAR_PERMISSIONS,
  security: () => import('./calendar.security'),
  seed: seedCalendarDemo,
  routes: [{ plugin: calendarRoutes, prefix: '/calendar' }, { plugin: publicEventsRoutes }],
});
