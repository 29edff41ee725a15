import { todayInIndia } from '@schooliko/common/kit/dates';

import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { multipart } from '../../platform/uploads/uploads.testing';
import { as, makeUser, tokenFor } from '../../testing/factories';
import { makeSchool } from '../../testing/people';
import type { TestApp } from '../../testing/test-app';
import { students } from '../students/students.table';

// The homework tests' school and calls, shared by homework.test.ts and homework-files.test.ts.

export type Headers = Record<string, string>;
export const day = (offset: number) => {
  const d = new Date(`${todayInIndia()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** The calls of the homework tests against the test app `app()` (set up in beforeAll). */
export function homeworkKit(app: () => TestApp) {
  const send = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', headers: Headers, url: string, payload?: object) =>
    app().app.inject({ method, url, headers, payload });
  /**
   * makeSchool's school, with Mathematics (every class) and Science (VII only); the teacher leads
   * VII-A and teaches Mathematics in VIII-A; a second signed-in pupil in VII-B.
   */
  async function school() {
    const s = await makeSchool(app().app);
    const period = { label: 'Period 1', kind: 'lesson', starts_at: '08:00', ends_at: '08:40' };
    expect(
      (await send('PUT', s.admin.headers, '/api/timetable/bell-schedule', { periods: [period] })).statusCode,
    ).toBe(200);
    const subject = async (name: string, code: string, classIds: string[] = []) =>
      (await send('POST', s.admin.headers, '/api/subjects', { name, code, class_ids: classIds })).json().data
        .id as string;
    const maths = await subject('Mathematics', 'MATH');
    const science = await subject('Science', 'SCI', [s.classes.seven.id]);
    const entry = await send('POST', s.admin.headers, '/api/timetable/entries', {
      section_id: s.sections.eightA.id,
      day: 1,
      period: 1,
      subject_id: maths,
      teacher_id: s.teacherStaff.id,
    });
    expect(entry.statusCode).toBe(201);
    const user = await makeUser(app().database.db, { institute: s.institute, roles: ['student'] });
    await app()
      .database.db.update(students)
      .set({ userId: user.id })
      .where(eq(students.id, s.students.other.id));
    const otherPupil = as(s.institute, await tokenFor(app().app, user, s.institute, 'student'));
    const set = (headers: Headers, fields: object = {}) =>
      send('POST', headers, '/api/homework', {
        section_id: s.sections.sevenA.id,
        subject_id: maths,
        title: 'Chapter 4 exercise 4.2 (Q1–10)',
        assigned_on: day(-1),
        due_on: day(2),
        max_marks: 10,
        publish: true,
        ...fields,
      });
    return { ...s, maths, science, otherPupil, set };
  }

  function upload(headers: Headers, data: Buffer, filename = 'worksheet.pdf') {
    const body = multipart({}, { filename, contentType: 'application/pdf', data });
    return app().app.inject({
      method: 'POST',
      url: '/api/homework/files',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  }

  return { send, school, upload };
}
