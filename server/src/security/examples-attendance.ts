import { weekdayOf } from '@schooliko/common/academics/calendar';
import { todayInIndia } from '@schooliko/common/kit/dates';
import type { Example } from './examples';

/** Today, or Saturday when today is Sunday (the default weekly off): a day attendance may be taken. */
const today = todayInIndia();
const day = weekdayOf(today) === 7 ? new Date(Date.parse(today) - 864e5).toISOString().slice(0, 10) : today;
const month = { month: day.slice(0, 7) };
const range = { from: `${day.slice(0, 7)}-01`, to: day };

/** Requests the attendance routes accept (examples.ts spreads these). */
export const ATTENDANCE_EXAMPLES: Record<string, Example> = {
  'GET /api/attendance': { query: { date: day, period: undefined } },
  'POST /api/attendance': { body: { date: day, period: undefined } },
  'GET /api/attendance/register': { query: month },
  'GET /api/attendance/register.pdf': { query: month },
  'GET /api/attendance/register/export': { query: { ...month, format: 'csv' } },
  'GET /api/attendance/percentages': { query: range },
  'GET /api/attendance/low': { query: { ...range, section_id: undefined, search: undefined } },
  'GET /api/attendance/absentees': { query: { date: day } },
  'GET /api/attendance/students/:id': { query: month },
};
