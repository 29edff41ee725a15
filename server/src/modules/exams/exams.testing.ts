import { CBSE_SCALE } from '@schooliko/common/academics/grading';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { makeSchool } from '../../testing/people';
import type { TestApp } from '../../testing/test-app';
import { academicTerms } from '../calendar';
import { students } from '../students';
import { subjects, timetableEntries } from '../timetable';

type Headers = Record<string, string>;

/** A request to the test app as someone (their headers). */
export const sender =
  (t: TestApp) => (method: 'GET' | 'POST' | 'PUT', headers: Headers, url: string, payload?: object) =>
    t.app.inject({ method, url, headers, payload });

/** The body of a marks save for VII-A's paper of a subject. */
export const marksOf = (
  scene: { sections: { sevenA: { id: string } } },
  subjectId: string,
  entries: object[],
) => ({
  section_id: scene.sections.sevenA.id,
  subject_id: subjectId,
  entries,
});

/**
 * The exams' school: VII-A with three pupils (one named in Devanagari), Term 1, Mathematics (the
 * teacher's), Science and Art Education, the CBSE scale, and Unit Test 1 set for class VII, not
 * yet open; another school beside it.
 */
export async function examScene(t: TestApp) {
  const send = sender(t);
  const school = await makeSchool(t.app);
  const other = await makeSchool(t.app, 'Other');
  const db = t.database.db;
  const i = school.institute.id;
  const [term] = await db
    .insert(academicTerms)
    .values({
      instituteId: i,
      academicYearId: school.year.id,
      name: 'Term 1',
      startsOn: '2026-04-01',
      endsOn: '2026-09-30',
    })
    .returning();
  const seven = [school.classes.seven.id];
  const [maths, science, art] = await db
    .insert(subjects)
    .values([
      { instituteId: i, name: 'Mathematics', code: 'MATH', type: 'compulsory', classIds: seven },
      { instituteId: i, name: 'Science', code: 'SCI', type: 'compulsory', classIds: seven },
      { instituteId: i, name: 'Art Education', code: 'ART', type: 'co_scholastic', classIds: seven },
    ])
    .returning();
  if (!term || !maths || !science || !art) throw new Error('scene not made');
  // The teacher takes VII-A's Mathematics, not its Science.
  await db.insert(timetableEntries).values({
    instituteId: i,
    academicYearId: school.year.id,
    sectionId: school.sections.sevenA.id,
    day: 1,
    period: 1,
    subjectId: maths.id,
    teacherId: school.teacherStaff.id,
  });
  // Two more pupils in VII-A, one named in Devanagari, with roll numbers.
  const [aarav, shreya] = await db
    .insert(students)
    .values([
      {
        instituteId: i,
        admissionNo: '2026/010',
        rollNo: '2',
        firstName: 'Aarav',
        lastName: 'Patil',
        dateOfBirth: '2014-01-01',
        gender: 'male',
        sectionId: school.sections.sevenA.id,
      },
      {
        instituteId: i,
        admissionNo: '2026/011',
        rollNo: '3',
        firstName: 'श्रेया',
        lastName: 'क्षीरसागर',
        dateOfBirth: '2014-02-01',
        gender: 'female',
        sectionId: school.sections.sevenA.id,
      },
    ])
    .returning();
  await db.update(students).set({ rollNo: '1' }).where(eq(students.id, school.students.child.id));
  if (!aarav || !shreya) throw new Error('pupils not made');
  const scale = await send('POST', school.admin.headers, '/api/exams/scales', {
    name: 'CBSE 9-point',
    kind: 'scholastic',
    bands: CBSE_SCALE,
  });
  expect(scale.statusCode).toBe(201);
  const paper = (subject: string, max: number, pass: number) => ({
    class_id: school.classes.seven.id,
    subject_id: subject,
    max_marks: max,
    pass_marks: pass,
  });
  const exam = await send('POST', school.admin.headers, '/api/exams', {
    name: 'Unit Test 1',
    term_id: term.id,
    starts_on: '2026-07-06',
    ends_on: '2026-07-10',
    class_ids: seven,
    scale_id: scale.json().data.id,
    papers: [paper(maths.id, 50, 17), paper(science.id, 50, 17), paper(art.id, 0, 0)],
  });
  expect(exam.statusCode).toBe(201);
  const examId = exam.json().data.id as string;
  const pupils = [school.students.child.id, aarav.id, shreya.id];
  return { ...school, other, term, maths, science, art, aarav, shreya, examId, pupils };
}

/**
 * The same school with Unit Test 1 published: Mathematics 40.5, 18 and absent; Science 40, 30
 * and 45; Art Education A for all three (what exams.test.ts enters on its way).
 */
export async function publishedExamScene(t: TestApp) {
  const send = sender(t);
  const s = await examScene(t);
  expect((await send('POST', s.admin.headers, `/api/exams/${s.examId}/open`)).statusCode).toBe(200);
  const url = `/api/exams/${s.examId}/marks`;
  const save = async (subjectId: string, entries: object[]) =>
    expect((await send('PUT', s.admin.headers, url, marksOf(s, subjectId, entries))).statusCode).toBe(200);
  await save(s.maths.id, [
    { student_id: s.pupils[0], marks: 40.5 },
    { student_id: s.pupils[1], marks: 18 },
    { student_id: s.pupils[2], status: 'absent' },
  ]);
  await save(
    s.science.id,
    [40, 30, 45].map((m, n) => ({ student_id: s.pupils[n], marks: m })),
  );
  await save(
    s.art.id,
    s.pupils.map((id) => ({ student_id: id, grade: 'A' })),
  );
  expect((await send('POST', s.admin.headers, `/api/exams/${s.examId}/publish`)).statusCode).toBe(200);
  return s;
}
