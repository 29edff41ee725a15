import type { DayStatus } from '@schooliko/common/academics/calendar';
import type { Role } from '@schooliko/common/auth';
import {
  HOME_EVENT_DAYS,
  HOME_EVENTS_LIMIT,
  type HomeDashboard,
  type HomeEvent,
} from '@schooliko/common/home';
import { todayInIndia } from '@schooliko/common/kit/dates';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { attendanceToTake } from '../attendance';
import { daysOf, listEvents } from '../calendar';
import { currentYear } from '../classes';
import { currentGradeOf, pendingGradesOf } from '../exams';
import { activeAssignmentsOf, pendingAssignmentsOf } from '../homework';
import { ownStaffId } from '../staff';
import {
  childrenCard,
  type OwnStudent,
  ownStudent,
  recentNotifications,
  sectionSubjects,
  unreadMessages,
} from './home.family';
import { sectionDay, teacherLessons } from './home.schedule';
import { myClasses } from './home.staff';

/** What every card of a dashboard may need, found once per request. */
export type HomeContext = {
  tx: Db;
  actor: Actor;
  /** The day the dashboard is for (today in India unless asked) and its calendar state. */
  date: string;
  day: DayStatus;
  /** The current academic year (null: none set up yet). */
  yearId: string | null;
  /** The caller's staff record (teacher; an admin or director who also has one). */
  staffId: string | null;
  /** A signed-in student's own record and section. */
  student: OwnStudent | null;
};

/** A card: one field of the answer, filled by one small function. */
type Cards = Omit<HomeDashboard, 'role' | 'date' | 'day'>;
type Part<K extends keyof Cards> = (c: HomeContext) => Promise<Exclude<Cards[K], undefined>>;
type Parts = { [K in keyof Cards]?: Part<K> };

/** Lessons happen on working days only: on a holiday or weekly off the schedule is empty. */
const onWorkingDay =
  <T>(part: (c: HomeContext) => Promise<T[]>) =>
  (c: HomeContext): Promise<T[]> =>
    c.day.state === 'working' ? part(c) : Promise.resolve([]);

/** Events of the next HOME_EVENT_DAYS days meant for the caller (the calendar's audience rules). */
async function upcomingEvents(c: HomeContext): Promise<HomeEvent[]> {
  const until = new Date(Date.parse(`${c.date}T00:00:00Z`) + (HOME_EVENT_DAYS - 1) * 86_400_000);
  const events = await listEvents(c.tx, c.actor, c.date, until.toISOString().slice(0, 10));
  return events
    .filter((e) => !e.cancelled)
    .slice(0, HOME_EVENTS_LIMIT)
    .map(({ id, title, kind, starts_on, ends_on }) => ({ id, title, kind, starts_on, ends_on }));
}

const STAFF: Parts = {
  my_classes: async (c) =>
    c.staffId && c.yearId ? myClasses(c.tx, c.actor.institute.id, c.yearId, c.staffId) : [],
  today_schedule: onWorkingDay(async (c) =>
    c.staffId && c.yearId ? teacherLessons(c.tx, c.actor.institute.id, c.yearId, c.staffId, c.date) : [],
  ),
  upcoming_events: upcomingEvents,
  attendance_to_take: (c) => attendanceToTake(c.tx, c.actor, c.date),
  active_assignments: (c) => activeAssignmentsOf(c.tx, c.actor),
  pending_grades: (c) => pendingGradesOf(c.tx, c.actor),
};

const STUDENT: Parts = {
  section_label: async (c) => c.student?.label ?? null,
  my_subjects: async (c) => {
    const s = c.student;
    return s?.sectionId && s.classId && s.yearId
      ? sectionSubjects(c.tx, c.actor.institute.id, {
          sectionId: s.sectionId,
          classId: s.classId,
          yearId: s.yearId,
        })
      : [];
  },
  today_schedule: onWorkingDay(async (c) => {
    const s = c.student;
    return s?.sectionId && s.yearId
      ? sectionDay(c.tx, c.actor.institute.id, { id: s.sectionId, yearId: s.yearId }, c.date)
      : [];
  }),
  upcoming_events: upcomingEvents,
  pending_assignments: async (c) =>
    c.student ? pendingAssignmentsOf(c.tx, c.actor.institute.id, c.student.id) : { count: 0, items: [] },
  current_grade: async (c) =>
    c.student
      ? ((await currentGradeOf(c.tx, c.actor.institute.id, [c.student.id])).get(c.student.id) ?? null)
      : null,
};

const PARENT: Parts = {
  children: (c) => childrenCard(c.tx, c.actor),
  unread_messages: (c) => unreadMessages(c.tx, c.actor),
  recent_notifications: (c) => recentNotifications(c.tx, c.actor),
  upcoming_events: upcomingEvents,
};

/** Each role's cards. Admins and directors who teach see a teacher's (their staff record's). */
export const PARTS: Record<Role, Parts> = {
  teacher: STAFF,
  admin: STAFF,
  director: STAFF,
  student: STUDENT,
  parent: PARENT,
};

async function contextFor(tx: Db, actor: Actor, date: string): Promise<HomeContext> {
  const i = actor.institute.id;
  const [day] = await daysOf(tx, i, date, date);
  const staffRole = PARTS[actor.role] === STAFF;
  return {
    tx,
    actor,
    date,
    day: day ?? { date, state: 'outsideYear', holiday: null },
    yearId: staffRole ? ((await currentYear(tx, actor))?.id ?? null) : null,
    staffId: staffRole ? await ownStaffId(tx, actor) : null,
    student: actor.role === 'student' ? await ownStudent(tx, actor) : null,
  };
}

/** The caller's dashboard for `date` (today in India by default): their role's cards, one by one. */
export async function homeDashboard(
  tx: Db,
  actor: Actor,
  date: string = todayInIndia(),
): Promise<HomeDashboard> {
  const c = await contextFor(tx, actor, date);
  const answer: HomeDashboard = { role: actor.role, date, day: c.day, upcoming_events: [] };
  // One transaction, one connection: the cards run one after another.
  for (const [key, part] of Object.entries(PARTS[actor.role]) as [keyof Cards, Part<keyof Cards>][])
    (answer as Record<string, unknown>)[key] = await part(c);
  return answer;
}
