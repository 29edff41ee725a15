import Gavel from '@mui/icons-material/Gavel';
import MenuBook from '@mui/icons-material/MenuBook';
import PendingActions from '@mui/icons-material/PendingActions';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import Quiz from '@mui/icons-material/Quiz';
import { defineWebModule } from '../../kit/module';

/**
 * Fees: the screens of the sidebar's Fees group and what opens each. The counter for whoever
 * collects (and a parent's own children's fees: fees:read:own), fee types and structures for
 * whoever sets them, the dues report for whoever reads the school's fees.
 */
export const FEES = defineWebModule({
  name: 'fees',
  strings: ['fees'],
  messages: { fees: 'fees.messages' },
  screens: [
    {
      path: '/tuition-fees',
      page: () => import('./tuition-fees-page'),
      permission: ['fees:collect', 'fees:read:own'],
      sidebar: {
        group: 'fees',
        order: 10,
        icon: MenuBook,
        label: { en: 'Tuition fees', hi: 'ट्यूशन शुल्क', mr: 'शिकवणी शुल्क' },
      },
    },
    {
      path: '/fine',
      page: () => import('./fine-page'),
      permission: ['fees:configure', 'fees:read'],
      sidebar: { group: 'fees', order: 20, icon: Gavel, label: { en: 'Fine', hi: 'जुर्माना', mr: 'दंड' } },
    },
    {
      path: '/exam-fees',
      page: () => import('./exam-fees-page'),
      permission: ['fees:configure', 'fees:read'],
      sidebar: {
        group: 'fees',
        order: 30,
        icon: Quiz,
        label: { en: 'Exam fees', hi: 'परीक्षा शुल्क', mr: 'परीक्षा शुल्क' },
      },
    },
    {
      path: '/add-fees-type',
      page: () => import('./add-fees-type-page'),
      permission: ['fees:configure', 'fees:read'],
      sidebar: {
        group: 'fees',
        order: 40,
        icon: PlaylistAdd,
        label: { en: 'Add Fees Type', hi: 'शुल्क प्रकार जोड़ें', mr: 'शुल्क प्रकार जोडा' },
      },
    },
    {
      path: '/dues',
      page: () => import('./dues-page'),
      permission: 'fees:read',
      sidebar: {
        group: 'fees',
        order: 50,
        icon: PendingActions,
        label: { en: 'Dues', hi: 'बकाया', mr: 'थकबाकी' },
      },
    },
    // A parent pays their children's dues online from their home.
    { path: '/pay-online', page: () => import('./pay-online-page'), permission: 'fees:read:own' },
  ],
});
