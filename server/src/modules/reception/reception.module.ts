import { RECEPTION_PERMISSIONS } from '@schooliko/common/reception/permissions';
import { defineModule } from '../../kit/module';
import { appointmentReminderJob } from './appointment-reminders';
import { appointmentsRoutes } from './appointments.routes';
import { seedReceptionDemo } from './reception.seed';
import { visitorsRoutes } from './visitors.routes';

export const receptionModule = defineModule({
  name: 'reception',
  permissions: RECEPTION_PERMISSIONS,
  seed: seedReceptionDemo,
  security: () => import('./reception.security'),
  routes: [
    { plugin: visitorsRoutes, prefix: '/visitors' },
    { plugin: appointmentsRoutes, prefix: '/appointments' },
  ],
  jobs: [appointmentReminderJob],
});
