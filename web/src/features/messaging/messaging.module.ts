import NotificationsActive from '@mui/icons-material/NotificationsActive';
import Sms from '@mui/icons-material/Sms';
import { defineWebModule } from '../../kit/module';

/**
 * Messaging: the Messages screen (DLT settings, SMS templates, quiet hours and the send log) for
 * whoever reads or configures messaging, and the fee Reminder screen (in the Fees group) for
 * whoever sends fee reminders.
 */
export const MESSAGING = defineWebModule({
  name: 'messaging',
  strings: ['messaging'],
  messages: { messaging: 'messaging.messages', reminders: 'messaging.reminderMessages' },
  screens: [
    {
      path: '/reminder',
      page: () => import('./reminder-page'),
      permission: 'fees:remind',
      sidebar: {
        group: 'fees',
        order: 60,
        icon: NotificationsActive,
        label: { en: 'Reminder', hi: 'अनुस्मारक', mr: 'स्मरणपत्र' },
      },
    },
    {
      path: '/messages',
      page: () => import('./messages-page'),
      permission: ['messaging:read', 'messaging:configure'],
      // Not in the original's sidebar: the one outbound channel's log, SMS templates and quiet hours.
      sidebar: { entry: 'messages', order: 100, icon: Sms, label: { en: 'Messages', hi: 'संदेश', mr: 'संदेश' } },
    },
  ],
});
