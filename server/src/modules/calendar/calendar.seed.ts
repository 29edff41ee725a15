import type { EventAudience, EventKind } from '@schooliko/common/academics/calendar';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ModuleSeed } from '../../kit/module';
import { academicYears, classes } from '../classes';
import { academicTerms, calendarEvents, calendarSettings } from './calendar.table';

// The demo school's 2026-27 calendar (issue 13 item 8): two terms, the second and fourth Saturday
// off, the holidays a school in Maharashtra keeps, its exams, PTMs and events; the public ones
// show on its site.

type Seeded = {
  title: string;
  kind: EventKind;
  from: string;
  to?: string;
  audience?: EventAudience;
  classes?: string[];
  public?: boolean;
  description?: string;
};

const EVENTS: Seeded[] = [
  { title: 'Summer vacation', kind: 'holiday', from: '2026-05-01', to: '2026-06-14' },
  {
    title: 'Independence Day',
    kind: 'event',
    from: '2026-08-15',
    public: true,
    description: 'Flag hoisting at 7:30 am on the main ground.',
  },
  { title: 'Raksha Bandhan', kind: 'holiday', from: '2026-08-28' },
  { title: 'Ganeshotsav', kind: 'holiday', from: '2026-09-14', to: '2026-09-15' },
  {
    title: 'Half-yearly examinations',
    kind: 'exam',
    from: '2026-09-21',
    to: '2026-09-30',
    audience: 'students',
  },
  { title: 'Gandhi Jayanti', kind: 'holiday', from: '2026-10-02' },
  {
    title: 'Parent-teacher meeting: half-yearly results',
    kind: 'ptm',
    from: '2026-10-10',
    audience: 'parents',
  },
  { title: 'Dussehra', kind: 'holiday', from: '2026-10-20' },
  { title: 'Diwali vacation', kind: 'holiday', from: '2026-11-07', to: '2026-11-16' },
  { title: "Children's Day celebration", kind: 'event', from: '2026-11-14', audience: 'students' },
  { title: 'Guru Nanak Jayanti', kind: 'holiday', from: '2026-11-24' },
  {
    title: 'Annual sports day',
    kind: 'event',
    from: '2026-12-05',
    public: true,
    description: 'Track events, march past and prize distribution. Parents are welcome.',
  },
  {
    title: 'Parent-teacher meeting',
    kind: 'ptm',
    from: '2026-12-12',
    audience: 'parents',
    description: 'Meet the class teacher between 9 am and 1 pm.',
  },
  { title: 'Unit test 3', kind: 'exam', from: '2026-12-14', to: '2026-12-19', audience: 'students' },
  { title: 'Staff meeting: term 2 planning', kind: 'event', from: '2026-12-19', audience: 'staff' },
  { title: 'Christmas', kind: 'holiday', from: '2026-12-25' },
  {
    title: 'Annual day: "Rang Tarang"',
    kind: 'event',
    from: '2027-01-09',
    public: true,
    description: 'Cultural programme at 5 pm in the school auditorium.',
  },
  { title: 'Makar Sankranti', kind: 'holiday', from: '2027-01-14' },
  {
    title: 'Pre-board examinations',
    kind: 'exam',
    from: '2027-01-18',
    to: '2027-01-30',
    audience: 'students',
    classes: ['X', 'XII'],
  },
  { title: 'Republic Day', kind: 'event', from: '2027-01-26', public: true },
  {
    title: 'Science exhibition',
    kind: 'event',
    from: '2027-02-06',
    public: true,
    description: 'Projects by classes VI to XII, open to visitors from 10 am to 4 pm.',
  },
  { title: 'Maha Shivratri', kind: 'holiday', from: '2027-03-06' },
  { title: 'Annual examinations', kind: 'exam', from: '2027-03-01', to: '2027-03-15', audience: 'students' },
  { title: 'Holi', kind: 'holiday', from: '2027-03-22' },
];

/** Seeds the current year's calendar of a demo school once (nothing if it already has events). */
export async function seedDemoCalendar(db: Db, instituteId: string): Promise<void> {
  const [existing] = await db
    .select({ id: calendarEvents.id })
    .from(calendarEvents)
    .where(eq(calendarEvents.instituteId, instituteId))
    .limit(1);
  if (existing) return;
  const [year] = await db
    .select()
    .from(academicYears)
    .where(and(eq(academicYears.instituteId, instituteId), eq(academicYears.name, '2026-27')));
  if (!year) return;
  const names = [...new Set(EVENTS.flatMap((e) => e.classes ?? []))];
  const classRows = names.length
    ? await db
        .select({ id: classes.id, name: classes.name })
        .from(classes)
        .where(and(eq(classes.instituteId, instituteId), inArray(classes.name, names)))
    : [];
  await db.insert(academicTerms).values([
    { instituteId, academicYearId: year.id, name: 'Term 1', startsOn: '2026-04-01', endsOn: '2026-09-30' },
    { instituteId, academicYearId: year.id, name: 'Term 2', startsOn: '2026-10-01', endsOn: '2027-03-31' },
  ]);
  await db
    .insert(calendarSettings)
    .values({ instituteId, weeklyOffs: [7], saturdayOffs: [2, 4], publicEvents: true });
  await db.insert(calendarEvents).values(
    EVENTS.map((e) => ({
      instituteId,
      title: e.title,
      kind: e.kind,
      startsOn: e.from,
      endsOn: e.to ?? e.from,
      audience: e.audience ?? 'all',
      classIds: classRows.filter((c) => e.classes?.includes(c.name)).map((c) => c.id),
      description: e.description ?? '',
      isPublic: e.public ?? false,
    })),
  );
}

/** The calendar's demo step: the development institute's terms, holidays and events. */
export const seedCalendarDemo: ModuleSeed = async (db, { devInstituteId }) => {
  if (devInstituteId) await seedDemoCalendar(db, devInstituteId);
};
