import ContactSupport from '@mui/icons-material/ContactSupport';
import Lightbulb from '@mui/icons-material/Lightbulb';
import LocalPostOffice from '@mui/icons-material/LocalPostOffice';
import MarkunreadMailbox from '@mui/icons-material/MarkunreadMailbox';
import ReportProblem from '@mui/icons-material/ReportProblem';
import { defineWebModule } from '../../kit/module';

/**
 * The reception desk (issue 15), in the sidebar's Reception group after visitors and
 * appointments: admission enquiries, the postal register, a staff member's own post, complaints
 * (and their committees) and suggestions.
 */
export const DESK = defineWebModule({
  name: 'desk',
  strings: ['desk'],
  messages: {
    enquiries: 'desk.messages.enquiries',
    postal: 'desk.messages.postal',
    complaints: 'desk.messages.complaints',
    suggestions: 'desk.messages.suggestions',
  },
  screens: [
    {
      path: '/admission-enquiry',
      page: () => import('./enquiries-page'),
      permission: 'reception:read',
      sidebar: {
        group: 'reception',
        order: 30,
        icon: ContactSupport,
        label: { en: 'Admission Enquiry', hi: 'प्रवेश पूछताछ', mr: 'प्रवेश चौकशी' },
      },
    },
    {
      path: '/postal-records',
      page: () => import('./postal-page'),
      permission: 'reception:read',
      sidebar: {
        group: 'reception',
        order: 40,
        icon: LocalPostOffice,
        label: { en: 'Postal records', hi: 'डाक रिकॉर्ड', mr: 'टपाल नोंदी' },
      },
    },
    {
      path: '/my-post',
      page: () => import('./my-post-page'),
      permission: 'postal:read:own',
      sidebar: {
        group: 'reception',
        order: 50,
        icon: MarkunreadMailbox,
        label: { en: 'My post', hi: 'मेरी डाक', mr: 'माझे टपाल' },
      },
    },
    {
      path: '/complaints',
      page: () => import('./complaints-page'),
      permission: ['complaints:read', 'complaints:create'],
      sidebar: {
        group: 'reception',
        order: 60,
        icon: ReportProblem,
        label: { en: 'Complaints', hi: 'शिकायतें', mr: 'तक्रारी' },
      },
    },
    {
      path: '/complaints/committees',
      page: () => import('./committees-page'),
      permission: 'complaints:committees',
    },
    {
      path: '/suggestions',
      page: () => import('./suggestions-page'),
      permission: ['suggestions:read', 'suggestions:create'],
      sidebar: {
        group: 'reception',
        order: 70,
        icon: Lightbulb,
        label: { en: 'Suggestions', hi: 'सुझाव', mr: 'सूचना' },
      },
    },
  ],
});
