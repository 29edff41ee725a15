import Assignment from '@mui/icons-material/Assignment';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import FactCheck from '@mui/icons-material/FactCheck';
import Grading from '@mui/icons-material/Grading';
import Schedule from '@mui/icons-material/Schedule';
import type { Permission } from '@schooliko/common/permissions';
import { defineWebModule } from '../../kit/module';

/** Staff read and set homework; students and parents read their own (students hand it in). */
const HOMEWORK: readonly Permission[] = ['homework:read', 'homework:read:own'];

/**
 * Academics: the screens of the sidebar's Academics group (ADR 013) and what opens each.
 * Everyone reads the calendar meant for them; the office plans it.
 */
export const ACADEMICS = defineWebModule({
  name: 'academics',
  strings: ['academics'],
  messages: {
    calendar: 'academics.messages.calendar',
    timetable: 'academics.messages.timetable',
    homework: 'academics.messages.homework',
    exams: 'academics.messages.exams',
    attendance: 'academics.messages.attendance',
  },
  screens: [
    {
      path: '/calendar',
      page: () => import('./calendar-page'),
      permission: 'calendar:read',
      sidebar: {
        group: 'academics',
        order: 10,
        icon: CalendarMonth,
        label: { en: 'Calendar', hi: 'कैलेंडर', mr: 'दिनदर्शिका' },
      },
    },
    {
      path: '/timetable',
      page: () => import('./timetable-page'),
      permission: ['timetable:read', 'timetable:read:own'],
      sidebar: {
        group: 'academics',
        order: 20,
        icon: Schedule,
        label: { en: 'Timetable', hi: 'समय-सारणी', mr: 'वेळापत्रक' },
      },
    },
    {
      path: '/attendance',
      page: () => import('./attendance-page'),
      permission: ['attendance:read', 'attendance:read:own', 'attendance:take', 'attendance:approve'],
      sidebar: {
        group: 'academics',
        order: 30,
        icon: FactCheck,
        label: { en: 'Attendance', hi: 'उपस्थिति', mr: 'उपस्थिती' },
      },
    },
    {
      path: '/homework',
      page: () => import('./homework/homework-page'),
      permission: HOMEWORK,
      sidebar: {
        group: 'academics',
        order: 40,
        icon: Assignment,
        label: { en: 'Homework', hi: 'गृहकार्य', mr: 'गृहपाठ' },
      },
    },
    { path: '/homework/:id', page: () => import('./homework/assignment-page'), permission: HOMEWORK },
    {
      path: '/exams',
      page: () => import('./exams-page'),
      permission: ['exams:configure', 'exams:marks', 'exams:read', 'exams:read:own'],
      sidebar: {
        group: 'academics',
        order: 50,
        icon: Grading,
        label: { en: 'Exams', hi: 'परीक्षाएँ', mr: 'परीक्षा' },
      },
    },
  ],
});
