import { defineModule } from '../../kit/module';
import { appointmentReminderJob } from './appointment-reminders';
import { appointmentsRoutes } from './appointments.routes';
import { visitorsRoutes } from './visitors.routes';

export const receptionModule = defineModule({
  name: 'reception',
  routes: [
    { plugin: visitorsRoutes, prefix: '/visitors' },
    { plugin: appointmentsRoutes, prefix: '/appointments' },
  ],
  jobs: [appointmentReminderJob],
});
