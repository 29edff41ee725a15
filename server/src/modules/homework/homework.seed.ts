import type { HomeworkKind } from '@schooliko/common/academics/homework';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { ON_ROLLS } from '@schooliko/common/people/students';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertAll, random } from '../../db/demo/generator';
import type { ModuleSeed } from '../../kit/module';
import { classes, currentYearOf, sections } from '../classes';
import { staff } from '../staff';
import { students } from '../students';
import { subjects, timetableEntries } from '../timetable';
import { homeworkAssignments, homeworkSubmissions } from './homework.table';

// The demo school's homework (issue 13, homework): in every current section, work set by the
// teachers of its timetable over the last two weeks and the next one, with pupils' submissions
// for what is already due (about 80 % handed in, some late, most of the older ones marked).

/** Titles an Indian school sets, by subject; `[kind, title, max marks]`. */
const TITLES: Record<string, [HomeworkKind, string, number | null][]> = {
  English: [
    ['homework', "Write a paragraph on 'My favourite festival'", 10],
    ['homework', 'Chapter 3 question–answers (Q1–6) in the notebook', null],
    ['assignment', "Letter to the Principal asking for a day's leave", 10],
  ],
  Hindi: [
    ['homework', "निबंध: 'मेरा प्रिय त्योहार' (150 शब्द)", 10],
    ['homework', 'पाठ 5 के प्रश्न-उत्तर लिखिए', null],
  ],
  Marathi: [['homework', "निबंध: 'माझी शाळा' (१०० शब्द)", 10]],
  Mathematics: [
    ['homework', 'Chapter 4 exercise 4.2 (Q1–10)', 10],
    ['homework', 'Fractions worksheet: add and subtract like fractions', 20],
    ['assignment', 'Chapter 6 exercise 6.3, all questions', 20],
  ],
  'Environmental Studies': [
    ['project', 'Make a chart of five plants around your home', 20],
    ['homework', 'Lesson 7: list ten sources of water', null],
  ],
  Science: [
    ['homework', 'Draw and label a plant cell', 10],
    ['project', 'Working model: a simple electric circuit', 25],
  ],
  'Social Science': [
    ['homework', 'Map work: mark the major rivers of India', 10],
    ['assignment', 'Chapter 2 (Resources): answer the exercise questions', 20],
  ],
  Physics: [['assignment', 'Numericals on motion: NCERT exercise 8 (Q1–12)', 20]],
  Chemistry: [['homework', 'Balance the ten equations on the worksheet', 10]],
  Biology: [['homework', 'Diagram of the human heart with labels', 10]],
  'Computer Science': [['assignment', 'Python: programs 1–5 of the practical list', 20]],
  'Art Education': [['project', 'Warli painting on A4 sheet', 20]],
  'Physical Education': [['homework', 'Write the rules of kho-kho', null]],
};

const FEEDBACK = [
  'Well done, neat work.',
  'Good effort; check your spellings.',
  'Show all the steps next time.',
  'Excellent! Keep it up.',
  'Incomplete: please finish the last two questions.',
  'Good, but write more neatly.',
];

const dayFrom = (today: string, offset: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/**
 * Seeds homework once (nothing if the school already has some): four to six assignments per
 * current section from the subjects and teachers of its timetable, due between two weeks ago and
 * a week ahead, and submissions for those already due. Deterministic apart from today's date.
 */
export async function seedDemoHomework(db: Db, instituteId: string, today = todayInIndia()): Promise<void> {
  const i = instituteId;
  const [existing] = await db
    .select({ id: homeworkAssignments.id })
    .from(homeworkAssignments)
    .where(eq(homeworkAssignments.instituteId, i))
    .limit(1);
  if (existing) return;
  const year = await currentYearOf(db, i);
  if (!year) return;
  const taught = await db
    .selectDistinct({
      sectionId: timetableEntries.sectionId,
      subjectId: timetableEntries.subjectId,
      subject: subjects.name,
      teacherId: timetableEntries.teacherId,
      userId: staff.userId,
      classOrder: classes.sortOrder,
      sectionName: sections.name,
      employeeCode: staff.employeeCode,
    })
    .from(timetableEntries)
    .innerJoin(subjects, and(eq(subjects.instituteId, i), eq(subjects.id, timetableEntries.subjectId)))
    .innerJoin(staff, and(eq(staff.instituteId, i), eq(staff.id, timetableEntries.teacherId)))
    .innerJoin(sections, and(eq(sections.instituteId, i), eq(sections.id, timetableEntries.sectionId)))
    .innerJoin(classes, and(eq(classes.instituteId, i), eq(classes.id, sections.classId)))
    .where(and(eq(timetableEntries.instituteId, i), eq(timetableEntries.academicYearId, year.id)))
    // In an order that does not depend on ids, so the same school gets the same homework.
    .orderBy(asc(classes.sortOrder), asc(sections.name), asc(subjects.name), asc(staff.employeeCode));
  if (!taught.length) return;
  const bySection = new Map<string, typeof taught>();
  for (const t of taught) bySection.set(t.sectionId, [...(bySection.get(t.sectionId) ?? []), t]);

  const r = random(4242);
  const planned: (typeof homeworkAssignments.$inferInsert)[] = [];
  // Due dates from two weeks ago to a week ahead; each set two to four days before it is due.
  const offsets = [-13, -10, -8, -5, -3, -1, 1, 2, 4, 6];
  let demoSections = 0;
  for (const [sectionId, pairs] of bySection) {
    // Each section draws from its own generator, seeded by its name, so one section's timetable
    // never changes another's homework.
    const first = pairs[0];
    const seed = [...`${first?.classOrder}-${first?.sectionName}`].reduce(
      (h, c) => h * 31 + c.charCodeAt(0),
      7,
    );
    const sr = random(seed);
    const withTitles = pairs.filter((p) => TITLES[p.subject]);
    const count = sr.int(4, 6);
    const chosen = new Set<number>();
    // The demo teacher's subjects first, so their account always has work to show: one due in
    // two days, one due three days ago (handed in and partly marked).
    for (const [n, p] of withTitles.entries()) if (p.userId && chosen.size < 2) chosen.add(n);
    // One subject of theirs in a section: the sections take turns, due ahead or just past.
    const fixed = chosen.size === 1 ? [demoSections++ % 2 === 0 ? 2 : -3] : [2, -3].slice(0, chosen.size);
    while (chosen.size < Math.min(count, withTitles.length)) chosen.add(sr.int(0, withTitles.length - 1));
    const rest = offsets.filter((o) => !fixed.includes(o)).sort(() => sr.next() - 0.5);
    const dues = [...fixed, ...rest].slice(0, chosen.size);
    [...chosen].forEach((n, k) => {
      const pair = withTitles[n];
      if (!pair) return;
      const [kind, title, maxMarks] = sr.pick(TITLES[pair.subject] ?? []);
      const due = dues[k] ?? 1;
      const dueOn = dayFrom(today, due);
      planned.push({
        instituteId: i,
        academicYearId: year.id,
        sectionId,
        subjectId: pair.subjectId,
        teacherId: pair.teacherId,
        kind,
        title,
        instructions:
          kind === 'project'
            ? 'Work in your notebook or on a chart paper. Bring it to class on the due date.'
            : 'Write neatly in your class-work notebook and submit a photo or the notebook.',
        assignedOn: dayFrom(today, due - (kind === 'project' ? 7 : sr.int(2, 4))),
        dueOn,
        dueTime: sr.chance(0.3) ? '17:00' : null,
        maxMarks,
        state: 'published' as const,
        publishedAt: new Date(`${dayFrom(today, due - 3)}T08:30:00+05:30`),
        createdBy: pair.userId ?? pair.teacherId,
      });
    });
  }
  const assignments = [];
  for (let n = 0; n < planned.length; n += 500)
    assignments.push(
      ...(await db
        .insert(homeworkAssignments)
        .values(planned.slice(n, n + 500))
        .returning({
          id: homeworkAssignments.id,
          sectionId: homeworkAssignments.sectionId,
          dueOn: homeworkAssignments.dueOn,
          assignedOn: homeworkAssignments.assignedOn,
          maxMarks: homeworkAssignments.maxMarks,
          createdBy: homeworkAssignments.createdBy,
        })),
    );

  const pupils = await db
    .select({ id: students.id, sectionId: students.sectionId, account: students.userId })
    .from(students)
    .where(
      and(
        eq(students.instituteId, i),
        inArray(students.sectionId, [...bySection.keys()]),
        inArray(students.status, [...ON_ROLLS]),
      ),
    )
    .orderBy(asc(students.admissionNo));
  const inSection = new Map<string, typeof pupils>();
  for (const p of pupils)
    if (p.sectionId) inSection.set(p.sectionId, [...(inSection.get(p.sectionId) ?? []), p]);

  const submissions: (typeof homeworkSubmissions.$inferInsert)[] = [];
  for (const work of assignments) {
    if (work.dueOn >= today) continue;
    const old = work.dueOn < dayFrom(today, -2);
    for (const { id: studentId, account } of inSection.get(work.sectionId) ?? []) {
      // A pupil who signs in (the demo student) hands in everything, and has the older work
      // marked, so their account shows work in every state whatever the draws.
      if (!r.chance(0.8) && !account) continue;
      const late = r.chance(0.12);
      const submittedOn = late ? dayFrom(work.dueOn, 1) : dayFrom(work.dueOn, -r.int(0, 1));
      const marked = old && (r.chance(0.75) || Boolean(account));
      const submittedAt = new Date(`${submittedOn}T${late ? '09' : '19'}:${String(r.int(10, 59))}:00+05:30`);
      submissions.push({
        instituteId: i,
        assignmentId: work.id,
        studentId,
        text: r.chance(0.5)
          ? 'Done in my notebook; I will show it in class.'
          : 'Answers are written in the notebook.',
        submittedAt,
        late,
        marks:
          marked && work.maxMarks
            ? Math.max(1, work.maxMarks - r.int(0, Math.ceil(work.maxMarks / 3)))
            : null,
        feedback: marked ? r.pick(FEEDBACK) : '',
        markedAt: marked ? new Date(submittedAt.getTime() + 2 * 86_400_000) : null,
        markedBy: marked ? work.createdBy : null,
        returned: marked,
      });
    }
  }
  await insertAll(db, homeworkSubmissions, submissions);
}

/** Homework's demo step: set by the timetable's teachers, with the pupils' submissions and marks. */
export const seedHomeworkDemo: ModuleSeed = async (db, { devInstituteId }) => {
  if (devInstituteId) await seedDemoHomework(db, devInstituteId);
};
