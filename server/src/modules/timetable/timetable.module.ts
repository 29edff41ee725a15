import { defineModule } from '../../kit/module';
import { subjectsRoutes, timetableRoutes } from './timetable.routes';

export const timetableModule = defineModule({
  name: 'timetable',
  routes: [
    { plugin: subjectsRoutes, prefix: '/subjects' },
    { plugin: timetableRoutes, prefix: '/timetable' },
  ],
});
