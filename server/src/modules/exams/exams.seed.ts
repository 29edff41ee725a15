import {
  CBSE_SCALE,
  CBSE_SCALE_NAME,
  CO_SCHOLASTIC_SCALE,
  CO_SCHOLASTIC_SCALE_NAME,
} from '@schooliko/common/academics/grading';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertAll, random } from '../../db/demo/generator';
import type { ModuleSeed } from '../../kit/module';
import { academicTerms } from '../calendar';
import { currentYearOf, sections } from '../classes';
import { staff } from '../staff';
import { students } from '../students';
import { subjects, timetableEntries } from '../timetable';
import { type examMarks, examPapers, exams, gradingScales } from './exams.table';
import { seedDemoRemarks } from './remarks.seed';

// The demo school's exams for 2026-27 (issue 13 item 5): CBSE's 9-point and co-scholastic scales,
// Unit Test 2 of term 2 held and published with every pupil's marks, and Periodic Test 2 held
// since, its marks still being entered (some sheets done, some half done, some not begun), so the
// teacher dashboard has pending grades. The demo teacher's section has its term's report-card
// remarks written (remarks.ts).

const UNIT_TEST = { name: 'Unit Test 2', startsOn: '2026-10-26', endsOn: '2026-10-31', max: 20, pass: 7 };
const PERIODIC = { name: 'Periodic Test 2', startsOn: '2026-11-17', endsOn: '2026-11-21', max: 40, pass: 14 };

const half = (n: number) => Math.round(n * 2) / 2;

/** Seeds the scales and the two exams once (nothing if the school already has a grading scale). */
export async function seedDemoExams(db: Db, instituteId: string, adminUserId: string | undefined) {
  const i = instituteId;
  const [existing] = await db
    .select({ id: gradingScales.id })
    .from(gradingScales)
    .where(eq(gradingScales.instituteId, i))
    .limit(1);
  if (existing || !adminUserId) return;
  const [scale] = await db
    .insert(gradingScales)
    .values([
      { instituteId: i, name: CBSE_SCALE_NAME, kind: 'scholastic', bands: [...CBSE_SCALE] },
      {
        instituteId: i,
        name: CO_SCHOLASTIC_SCALE_NAME,
        kind: 'co_scholastic',
        bands: [...CO_SCHOLASTIC_SCALE],
      },
    ])
    .returning({ id: gradingScales.id });
  const year = await currentYearOf(db, i);
  if (!scale || !year) return;
  const [term] = await db
    .select()
    .from(academicTerms)
    .where(
      and(
        eq(academicTerms.instituteId, i),
        eq(academicTerms.academicYearId, year.id),
        eq(academicTerms.name, 'Term 2'),
      ),
    );
  if (!term) return;
  const subjectRows = await db
    .select()
    .from(subjects)
    .where(and(eq(subjects.instituteId, i), eq(subjects.active, true)))
    .orderBy(asc(subjects.code));
  const classIds = [...new Set(subjectRows.flatMap((s) => s.classIds))].sort();
  if (classIds.length === 0) return;
  const [unit, periodic] = await db
    .insert(exams)
    .values(
      [UNIT_TEST, PERIODIC].map((e, n) => ({
        instituteId: i,
        academicYearId: year.id,
        termId: term.id,
        name: e.name,
        startsOn: e.startsOn,
        endsOn: e.endsOn,
        classIds,
        scaleId: scale.id,
        state: n === 0 ? ('published' as const) : ('marks_entry' as const),
        publishedAt: n === 0 ? new Date('2026-11-05T10:00:00+05:30') : null,
        publishedBy: n === 0 ? adminUserId : null,
        createdBy: adminUserId,
      })),
    )
    .returning({ id: exams.id });
  if (!unit || !periodic) return;
  const papers = [UNIT_TEST, PERIODIC].flatMap((e, n) =>
    subjectRows.flatMap((s) =>
      s.classIds.map((classId) => ({
        instituteId: i,
        examId: n === 0 ? unit.id : periodic.id,
        classId,
        subjectId: s.id,
        maxMarks: s.type === 'co_scholastic' ? 0 : e.max,
        passMarks: s.type === 'co_scholastic' ? 0 : e.pass,
      })),
    ),
  );
  await insertAll(db, examPapers, papers);

  const sectionRows = await db
    .select({ id: sections.id, classId: sections.classId })
    .from(sections)
    .where(and(eq(sections.instituteId, i), eq(sections.academicYearId, year.id)))
    .orderBy(asc(sections.id));
  const pupils = await db
    .select({ id: students.id, sectionId: students.sectionId })
    .from(students)
    .where(
      and(
        eq(students.instituteId, i),
        inArray(
          students.sectionId,
          sectionRows.map((s) => s.id),
        ),
        eq(students.status, 'enrolled'),
      ),
    )
    .orderBy(asc(students.admissionNo));
  // Who entered each sheet: the section's subject teacher when they sign in, else the admin.
  const teachers = await db
    .select({
      sectionId: timetableEntries.sectionId,
      subjectId: timetableEntries.subjectId,
      userId: staff.userId,
    })
    .from(timetableEntries)
    .innerJoin(
      staff,
      and(eq(staff.instituteId, timetableEntries.instituteId), eq(staff.id, timetableEntries.teacherId)),
    )
    .where(eq(timetableEntries.instituteId, i));
  const enterer = new Map(teachers.map((t) => [`${t.sectionId}:${t.subjectId}`, t.userId ?? adminUserId]));
  const bySection = new Map<string, string[]>();
  for (const p of pupils)
    if (p.sectionId) bySection.set(p.sectionId, [...(bySection.get(p.sectionId) ?? []), p.id]);

  const r = random(2026_10);
  const ability = new Map(
    pupils.map((p) => [p.id, Math.min(0.97, Math.max(0.22, 0.45 + r.next() * 0.3 + r.next() * 0.22))]),
  );
  const rows: (typeof examMarks.$inferInsert)[] = [];
  const signedInPending = new Set<string>();
  for (const [n, exam] of [unit, periodic].entries()) {
    const spec = n === 0 ? UNIT_TEST : PERIODIC;
    for (const section of sectionRows) {
      const roster = bySection.get(section.id) ?? [];
      for (const s of subjectRows.filter((x) => x.classIds.includes(section.classId))) {
        const key = `${section.id}:${s.id}`;
        const by: string = enterer.get(key) ?? adminUserId;
        // Periodic Test 2: half the sheets done, a quarter half done, a quarter not begun; each
        // signed-in teacher has one sheet left half done.
        let upTo = roster.length;
        if (n === 1) {
          const mine = by !== adminUserId && !signedInPending.has(by);
          if (mine) signedInPending.add(by);
          const dice = r.next();
          upTo =
            mine || (dice >= 0.5 && dice < 0.75)
              ? Math.floor(roster.length * 0.6)
              : dice >= 0.75
                ? 0
                : roster.length;
        }
        for (const studentId of roster.slice(0, upTo)) {
          const base = {
            instituteId: i,
            examId: exam.id,
            subjectId: s.id,
            studentId,
            sectionId: section.id,
            enteredBy: by,
          };
          if (s.type === 'co_scholastic') {
            const a = (ability.get(studentId) ?? 0.6) + (r.next() - 0.5) * 0.3;
            rows.push({ ...base, status: 'present', grade: a > 0.72 ? 'A' : a > 0.5 ? 'B' : 'C' });
          } else if (r.chance(0.02)) rows.push({ ...base, status: 'absent' });
          else if (s.type === 'optional' && r.chance(0.15)) rows.push({ ...base, status: 'exempt' });
          else {
            const p = Math.min(1, Math.max(0.05, (ability.get(studentId) ?? 0.6) + (r.next() - 0.5) * 0.25));
            rows.push({ ...base, status: 'present', marks: half(p * spec.max) });
          }
        }
      }
    }
  }
  await insertMarks(db, rows);
  await seedDemoRemarks(db, i, year.id, term.id, ability);
}

/**
 * The marks in a few statements of whole columns (unnest of array literals): row-wise inserts of
 * some 18,000 rows bind ten parameters each and take seconds on PGlite; this takes a fraction.
 */
async function insertMarks(db: Db, rows: (typeof examMarks.$inferInsert)[]) {
  const column = (values: (string | number | null | undefined)[]) =>
    `{${values.map((v) => (v === null || v === undefined ? 'NULL' : String(v))).join(',')}}`;
  for (let from = 0; from < rows.length; from += 5000) {
    const slice = rows.slice(from, from + 5000);
    const of = <K extends keyof (typeof slice)[number]>(key: K) =>
      column(slice.map((r) => r[key] as string | number | null | undefined));
    await db.execute(sql`
      insert into exam_marks (institute_id, exam_id, subject_id, student_id, section_id, status, marks, grade, entered_by)
      select * from unnest(${of('instituteId')}::uuid[], ${of('examId')}::uuid[], ${of('subjectId')}::uuid[],
        ${of('studentId')}::uuid[], ${of('sectionId')}::uuid[], ${of('status')}::text[], ${of('marks')}::numeric[],
        ${of('grade')}::text[], ${of('enteredBy')}::uuid[])`);
  }
}

/**
 * Exams' demo step: the grading scales, a published unit test and a periodic test whose marks are
 * being entered.
 */
export const seedExamsDemo: ModuleSeed = async (db, { devInstituteId, emails }) => {
  if (devInstituteId) await seedDemoExams(db, devInstituteId, emails.get('admin@schooliko.dev'));
};
