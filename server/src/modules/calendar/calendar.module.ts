import { defineModule } from '../../kit/module';
import { calendarRoutes, publicEventsRoutes } from './calendar.routes';

export const calendarModule = defineModule({
  name: 'calendar',
  routes: [{ plugin: calendarRoutes, prefix: '/calendar' }, { plugin: publicEventsRoutes }],
});
