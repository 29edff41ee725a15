import { CLASS_NAMES } from '@schooliko/common/people/classes';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertAll } from '../../db/demo/generator';
import type { ModuleSeed } from '../../kit/module';
import { classes, currentYearOf, sections, sectionTeachers } from '../classes';
import { staff } from '../staff';
import { bellPeriods, subjects, timetableEntries } from './timetable.table';

// The demo school's timetable for 2026-27 (issue 13 item 8): assembly, eight periods of 40 minutes
// with a short break and lunch, CBSE-like subjects and a clash-free week for every section.

const BELL = [
  { label: 'Assembly', kind: 'assembly', starts: '07:50', ends: '08:10' },
  { label: 'Period 1', kind: 'lesson', starts: '08:10', ends: '08:50' },
  { label: 'Period 2', kind: 'lesson', starts: '08:50', ends: '09:30' },
  { label: 'Period 3', kind: 'lesson', starts: '09:30', ends: '10:10' },
  { label: 'Short break', kind: 'break', starts: '10:10', ends: '10:20' },
  { label: 'Period 4', kind: 'lesson', starts: '10:20', ends: '11:00' },
  { label: 'Period 5', kind: 'lesson', starts: '11:00', ends: '11:40' },
  { label: 'Lunch', kind: 'break', starts: '11:40', ends: '12:10' },
  { label: 'Period 6', kind: 'lesson', starts: '12:10', ends: '12:50' },
  { label: 'Period 7', kind: 'lesson', starts: '12:50', ends: '13:30' },
  { label: 'Period 8', kind: 'lesson', starts: '13:30', ends: '14:10' },
] as const;

const PRIMARY = CLASS_NAMES.slice(0, CLASS_NAMES.indexOf('VI'));
const MIDDLE = CLASS_NAMES.slice(CLASS_NAMES.indexOf('VI'), CLASS_NAMES.indexOf('XI'));

type Seeded = {
  name: string;
  code: string;
  type: 'compulsory' | 'optional' | 'co_scholastic';
  department: string;
  /** Periods a week in each stage's classes (48 in all per stage). */
  week: { primary?: number; middle?: number; senior?: number };
};

const SUBJECTS: Seeded[] = [
  {
    name: 'English',
    code: 'ENG-184',
    type: 'compulsory',
    department: 'English',
    week: { primary: 9, middle: 7, senior: 8 },
  },
  {
    name: 'Hindi',
    code: 'HIN-085',
    type: 'compulsory',
    department: 'Hindi',
    week: { primary: 7, middle: 6 },
  },
  {
    name: 'Marathi',
    code: 'MAR-101',
    type: 'optional',
    department: 'Marathi',
    week: { primary: 5, middle: 4 },
  },
  {
    name: 'Mathematics',
    code: 'MATH-041',
    type: 'compulsory',
    department: 'Mathematics',
    week: { primary: 9, middle: 8, senior: 8 },
  },
  {
    name: 'Environmental Studies',
    code: 'EVS',
    type: 'compulsory',
    department: 'Science',
    week: { primary: 8 },
  },
  { name: 'Science', code: 'SCI-086', type: 'compulsory', department: 'Science', week: { middle: 7 } },
  {
    name: 'Social Science',
    code: 'SST-087',
    type: 'compulsory',
    department: 'Social Studies',
    week: { middle: 6 },
  },
  { name: 'Physics', code: 'PHY-042', type: 'compulsory', department: 'Science', week: { senior: 8 } },
  { name: 'Chemistry', code: 'CHEM-043', type: 'compulsory', department: 'Science', week: { senior: 8 } },
  { name: 'Biology', code: 'BIO-044', type: 'optional', department: 'Science', week: { senior: 6 } },
  {
    name: 'Computer Science',
    code: 'CS-083',
    type: 'optional',
    department: 'Computer Science',
    week: { middle: 3, senior: 4 },
  },
  {
    name: 'Art Education',
    code: 'ART-502',
    type: 'co_scholastic',
    department: 'Art',
    week: { primary: 5, middle: 3 },
  },
  {
    name: 'Physical Education',
    code: 'PE-500',
    type: 'co_scholastic',
    department: 'Physical Education',
    week: { primary: 5, middle: 4, senior: 6 },
  },
];

const stageOf = (cls: string) =>
  (PRIMARY as readonly string[]).includes(cls)
    ? 'primary'
    : (MIDDLE as readonly string[]).includes(cls)
      ? 'middle'
      : 'senior';

/**
 * Seeds the bell schedule, the subjects and a week for every current section once (nothing if the
 * school already has a bell schedule). Teachers are chosen slot by slot: the one who already
 * teaches the section that subject, else one of its department, else anyone free, least loaded
 * first; a teacher is never in two places at once and every section keeps its own room.
 */
export async function seedDemoTimetable(db: Db, instituteId: string): Promise<void> {
  const i = instituteId;
  const [existing] = await db
    .select({ id: bellPeriods.id })
    .from(bellPeriods)
    .where(eq(bellPeriods.instituteId, i))
    .limit(1);
  if (existing) return;
  const year = await currentYearOf(db, i);
  if (!year) return;
  await db.insert(bellPeriods).values(
    BELL.map((b, n) => ({
      instituteId: i,
      period: n + 1,
      label: b.label,
      kind: b.kind,
      startsAt: b.starts,
      endsAt: b.ends,
    })),
  );
  const classRows = await db
    .select()
    .from(classes)
    .where(eq(classes.instituteId, i))
    .orderBy(asc(classes.sortOrder));
  const stageClasses = (stage: string) => classRows.filter((c) => stageOf(c.name) === stage).map((c) => c.id);
  const subjectRows = await db
    .insert(subjects)
    .values(
      SUBJECTS.map((s) => ({
        instituteId: i,
        name: s.name,
        code: s.code,
        type: s.type,
        classIds: (Object.keys(s.week) as string[]).flatMap(stageClasses),
        active: true,
      })),
    )
    .returning({ id: subjects.id, code: subjects.code });
  const subjectId = new Map(subjectRows.map((s) => [s.code, s.id]));

  const sectionRows = await db
    .select({
      id: sections.id,
      classId: sections.classId,
      room: sections.room,
      lead: sections.classTeacherId,
    })
    .from(sections)
    .where(and(eq(sections.instituteId, i), eq(sections.academicYearId, year.id)));
  const teachers = await db
    .select({ id: staff.id, department: staff.department, userId: staff.userId })
    .from(staff)
    .where(and(eq(staff.instituteId, i), eq(staff.kind, 'teaching'), eq(staff.status, 'active')))
    .orderBy(asc(staff.employeeCode));
  if (!teachers.length) return;
  const className = new Map(classRows.map((c) => [c.id, c.name]));
  // A class teacher teaches their own subject in their section; section teachers theirs (the demo
  // teacher's mathematics).
  const assigned = new Map<string, string>();
  const departmentOf = new Map(teachers.map((t) => [t.id, t.department]));
  for (const section of sectionRows) {
    const s = SUBJECTS.find((x) => x.name === departmentOf.get(section.lead ?? ''));
    if (s && section.lead) assigned.set(`${section.id}:${s.code}`, section.lead);
  }
  const taught = await db.select().from(sectionTeachers).where(eq(sectionTeachers.instituteId, i));
  for (const t of taught) {
    const s = SUBJECTS.find((x) => x.department === t.subject && x.name === t.subject);
    if (s) assigned.set(`${t.sectionId}:${s.code}`, t.staffId);
  }
  const load = new Map(teachers.map((t) => [t.id, 0]));
  const lessons = BELL.flatMap((b, n) => (b.kind === 'lesson' ? [n + 1] : []));
  const rows = [];
  for (let day = 1; day <= 6; day++)
    for (const [p, period] of lessons.entries()) {
      const busy = new Set<string>();
      for (const [n, section] of sectionRows.entries()) {
        const stage = stageOf(className.get(section.classId) ?? '');
        const week = SUBJECTS.flatMap((s) => Array<Seeded>(s.week[stage] ?? 0).fill(s));
        // 7 and 48 share no factor: the subjects spread over the days; neighbouring sections are 8 apart.
        const slot = (day - 1) * lessons.length + p;
        const subject = week[(slot * 7 + n * 8) % week.length];
        if (!subject) continue;
        const key = `${section.id}:${subject.code}`;
        // A teacher who signs in (the demo teacher) teaches only the sections given to them.
        const free = teachers.filter((t) => !busy.has(t.id) && (!t.userId || assigned.get(key) === t.id));
        const fits = (t: (typeof teachers)[number]) =>
          t.department === subject.department && (load.get(t.id) ?? 0) < 32;
        const chosen =
          free.find((t) => t.id === assigned.get(key)) ??
          [...free].sort(
            (a, b) => Number(fits(b)) - Number(fits(a)) || (load.get(a.id) ?? 0) - (load.get(b.id) ?? 0),
          )[0];
        if (!chosen) continue;
        if (!assigned.has(key)) assigned.set(key, chosen.id);
        busy.add(chosen.id);
        load.set(chosen.id, (load.get(chosen.id) ?? 0) + 1);
        rows.push({
          instituteId: i,
          academicYearId: year.id,
          sectionId: section.id,
          day,
          period,
          subjectId: subjectId.get(subject.code) as string,
          teacherId: chosen.id,
          room: section.room,
        });
      }
    }
  await insertAll(db, timetableEntries, rows);
}

/** The timetable's demo step: the development institute's subjects, bells and week. */
export const seedTimetableDemo: ModuleSeed = async (db, { devInstituteId }) => {
  if (devInstituteId) await seedDemoTimetable(db, devInstituteId);
};
