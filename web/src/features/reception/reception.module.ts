import EmojiPeople from '@mui/icons-material/EmojiPeople';
import EventAvailable from '@mui/icons-material/EventAvailable';
import { defineWebModule } from '../../kit/module';

/**
 * Reception: the visitors and appointments screens of the sidebar's Reception group, for the
 * front desk (reception:read); a parent asks for an appointment from their home
 * (appointments:request), not from these screens.
 */
export const RECEPTION = defineWebModule({
  name: 'reception',
  strings: ['reception'],
  messages: { reception: 'reception.messages.reception', appointments: 'reception.messages.appointments' },
  screens: [
    {
      path: '/visitors',
      page: () => import('./visitors-page'),
      permission: 'reception:read',
      sidebar: {
        group: 'reception',
        order: 10,
        icon: EmojiPeople,
        label: { en: 'Visitors', hi: 'आगंतुक', mr: 'अभ्यागत' },
      },
    },
    {
      path: '/appointments',
      page: () => import('./appointments-page'),
      permission: 'reception:read',
      sidebar: {
        group: 'reception',
        order: 20,
        icon: EventAvailable,
        label: { en: 'Appointments', hi: 'अपॉइंटमेंट', mr: 'भेटीच्या वेळा' },
      },
    },
  ],
});
