import Badge from '@mui/icons-material/Badge';
import CoPresent from '@mui/icons-material/CoPresent';
import FamilyRestroom from '@mui/icons-material/FamilyRestroom';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import School from '@mui/icons-material/School';
import type { Permission } from '@schooliko/common/permissions';
import { defineWebModule } from '../../kit/module';

/**
 * People records (ADR 008). The sidebar's Teachers, Staff, Students and Parents entries share
 * their paths with the homes of the teacher, student and parent roles: a person acting in that
 * role keeps their home there; anyone else who holds the list's permission gets the records list.
 * Its strings (people.json) are the shell's, loaded with every signed-in page: its forms and
 * messages show across the app.
 */
export const PEOPLE = defineWebModule({
  name: 'people',
  messages: {
    students: 'people.messages.students',
    guardians: 'people.messages.guardians',
    staff: 'people.messages.staff',
    classes: 'people.messages.classes',
    changeRequests: 'people.messages.changeRequests',
    people: 'people.messages.people',
    imports: 'people.messages.imports',
    jobs: 'people.messages.jobs',
    invitations: 'people.messages.invitations',
    promotions: 'people.messages.promotions',
    photos: 'people.messages.photos',
  },
  screens: [
    {
      path: '/school-lists',
      page: () => import('./school-lists-page'),
      permission: 'branches:read',
      sidebar: {
        group: 'branches',
        order: 10,
        icon: FormatListBulleted,
        label: { en: 'School lists', hi: 'विद्यालय सूची', mr: 'शाळांची यादी' },
      },
    },
    {
      path: '/teacher',
      page: () =>
        import('./staff-page').then(({ default: StaffPage }) => ({
          default: () => <StaffPage kind="teaching" />,
        })),
      permission: 'staff:read',
      home: 'teacher',
      sidebar: {
        entry: 'teachers',
        order: 50,
        icon: CoPresent,
        label: { en: 'Teachers', hi: 'शिक्षक', mr: 'शिक्षक' },
      },
    },
    {
      path: '/staff',
      page: () => import('./staff-page'),
      permission: 'staff:read',
      sidebar: {
        entry: 'staff',
        order: 60,
        icon: Badge,
        label: { en: 'Staff', hi: 'कर्मचारी', mr: 'कर्मचारी' },
      },
    },
    {
      path: '/student',
      page: () => import('./students-page'),
      permission: 'students:read',
      home: 'student',
      sidebar: {
        entry: 'students',
        order: 70,
        icon: School,
        label: { en: 'Students', hi: 'विद्यार्थी', mr: 'विद्यार्थी' },
      },
    },
    {
      path: '/parent',
      page: () => import('./guardians-page'),
      permission: 'guardians:read',
      home: 'parent',
      sidebar: {
        entry: 'parents',
        order: 80,
        icon: FamilyRestroom,
        label: { en: 'Parents', hi: 'अभिभावक', mr: 'पालक' },
      },
    },
  ],
});

/** Screens of people records beyond the lists, and the permission each needs (the router's guard). */
export const PEOPLE_PAGES = {
  /** Year-end promotion: admins only (it moves every pupil at once). */
  promote: { path: '/student/promote', permission: 'students:promote' },
} as const satisfies Record<string, { path: string; permission: Permission }>;
