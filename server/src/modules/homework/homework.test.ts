import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@schooliko/common/auth';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { permissionsOf } from '../../kit/permissions';
import { type Actor, inInstitute } from '../../kit/scope';
import { auditLog } from '../../platform/audit/audit.table';
import { notifications } from '../../platform/notifications/notifications.table';
import { as, makeUser, tokenFor } from '../../testing/factories';
import { makeSchool } from '../../testing/people';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { staff } from '../staff/staff.table';
import { activeAssignmentsOf, pendingAssignmentsOf } from './homework.dashboard';
import { homeworkSubmissionVersions } from './homework.table';
import { day, homeworkKit, PDF } from './homework.testing';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'schooliko-homework-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => t.reset());

const { send, school, upload } = homeworkKit(() => t);

function actorOf(s: Awaited<ReturnType<typeof school>>, who: { id: string }, role: Role): Actor {
  return {
    userId: who.id,
    instituteId: s.institute.id,
    role,
    familyId: who.id,
    isOperator: false,
    institute: s.institute,
    roles: [role],
    jobSets: [],
    permissions: permissionsOf(role),
  } as unknown as Actor;
}

describe('setting homework', () => {
  it('lets a teacher set work only for a section and subject they teach or a section they lead', async () => {
    const s = await school();
    const teaching = (await send('GET', s.teacher.headers, '/api/homework/teaching')).json().data.items;
    expect(
      teaching.map(
        (x: { section_label: string; subject_name: string }) => `${x.section_label} ${x.subject_name}`,
      ),
    ).toEqual(['VII-A Mathematics', 'VII-A Science', 'VIII-A Mathematics']);
    for (const [section, subject] of [
      [s.sections.sevenB.id, s.maths],
      [s.sections.eightA.id, s.science],
    ]) {
      const refused = await s.set(s.teacher.headers, { section_id: section, subject_id: subject });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('homework.notYourClass');
    }
    expect((await s.set(s.teacher.headers, { section_id: s.sections.eightA.id })).statusCode).toBe(201);
    expect((await s.set(s.teacher.headers, { subject_id: s.science })).statusCode).toBe(201);
    expect((await s.set(s.admin.headers, { section_id: s.sections.sevenB.id })).statusCode).toBe(201);
    const before = await s.set(s.teacher.headers, { due_on: day(-3) });
    expect(before.json().codes?.due_on?.code).toBe('homework.dueBeforeAssigned');

    const mine = (await send('GET', s.teacher.headers, '/api/homework?mine=true')).json().data;
    expect(mine.pagination.total).toBe(2);
    expect(
      mine.items.map((i: { section_label: string; pupils: number; submitted: number }) => [
        i.section_label,
        i.pupils,
        i.submitted,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['VIII-A', 1, 0],
        ['VII-A', 1, 0],
      ]),
    );
  });

  it('shows a draft to no pupil, and notifies the section once published', async () => {
    const s = await school();
    const draft = (await s.set(s.teacher.headers, { publish: false })).json().data;
    expect((await send('GET', s.student.headers, `/api/homework/${draft.id}`)).statusCode).toBe(404);
    expect((await send('GET', s.student.headers, '/api/homework/own')).json().data.pagination.total).toBe(0);
    const published = await send('POST', s.teacher.headers, `/api/homework/${draft.id}/publish`);
    expect(published.json().data.state).toBe('published');
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.eventType, 'homework'), eq(notifications.eventId, draft.id)));
    expect(told.map((n) => n.recipientId)).toEqual([s.student.id]);
    const own = (await send('GET', s.student.headers, '/api/homework/own')).json().data.items;
    expect(own.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([[draft.id, 'pending']]);
  });
});

describe('submitting and marking', () => {
  it('flags late work, refuses marks over the maximum, and allows resubmission only until marked', async () => {
    const s = await school();
    const onTime = (await s.set(s.teacher.headers)).json().data;
    const overdue = (
      await s.set(s.teacher.headers, { assigned_on: day(-5), due_on: day(-1), due_time: '17:30' })
    ).json().data;
    const submit = (id: string, body: object) =>
      send('POST', s.student.headers, `/api/homework/${id}/submission`, body);
    expect((await submit(onTime.id, { text: '' })).json().codes?.text?.code).toBe('homework.emptySubmission');
    const first = (await submit(onTime.id, { text: 'Answers: 1) 12 2) 15' })).json().data.submission;
    expect([first.version, first.late]).toEqual([1, false]);
    expect((await submit(overdue.id, { text: 'Sorry, late' })).json().data.submission.late).toBe(true);

    const second = (await submit(onTime.id, { text: 'Corrected answers' })).json().data.submission;
    expect([second.version, second.text]).toEqual([2, 'Corrected answers']);
    const versions = await t.database.db.select().from(homeworkSubmissionVersions);
    expect(versions.map((v) => [v.version, v.text])).toEqual([[1, 'Answers: 1) 12 2) 15']]);
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, second.id));
    expect(audited.map((r) => r.action)).toEqual(['resubmit']);

    const mark = (body: object) =>
      send('POST', s.teacher.headers, `/api/homework/submissions/${second.id}/mark`, body);
    const tooHigh = await mark({ marks: 11, feedback: 'Good' });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().codes.marks).toEqual({ code: 'homework.marksTooHigh', params: { max: 10 } });
    const marked = await mark({ marks: 9, feedback: 'Neat work; check Q7' });
    expect(marked.json().data.status).toBe('marked');
    const again = await submit(onTime.id, { text: 'One more try' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('homework.alreadyMarked');

    const roster = (await send('GET', s.teacher.headers, `/api/homework/${overdue.id}/roster`)).json().data
      .items;
    expect(roster.map((r: { name: string; status: string }) => [r.name, r.status])).toEqual([
      ['Ananya Deshpande', 'late'],
    ]);
    // A later deadline re-judges the work already in: no longer late, and the audit says so.
    const extended = await send('PATCH', s.teacher.headers, `/api/homework/${overdue.id}`, {
      due_on: day(1),
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const rejudged = await send('GET', s.teacher.headers, `/api/homework/${overdue.id}/roster`);
    expect(rejudged.json().data.items.map((r: { status: string }) => r.status)).toEqual(['submitted']);
    const [change] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, overdue.id));
    expect(change?.after).toEqual({ due_on: day(1), submissions_late: 0 });
    const own = (await send('GET', s.student.headers, '/api/homework/own?status=marked')).json().data.items;
    expect(own.map((i: { id: string; marks: number }) => [i.id, i.marks])).toEqual([[onTime.id, 9]]);
  });

  it("lets a parent read their child's work but not submit it; others' sections and institutes are 404", async () => {
    const s = await school();
    const work = (await s.set(s.teacher.headers)).json().data;
    await send('POST', s.student.headers, `/api/homework/${work.id}/submission`, { text: 'Done' });
    const parentList = (await send('GET', s.parent.headers, '/api/homework/own')).json().data.items;
    expect(parentList.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([
      [work.id, 'submitted'],
    ]);
    const parentView = (await send('GET', s.parent.headers, `/api/homework/${work.id}`)).json().data;
    expect(parentView.submission.text).toBe('Done');
    expect(parentView.can.submit).toBe(false);
    expect(
      (await send('POST', s.parent.headers, `/api/homework/${work.id}/submission`, { text: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await send('GET', s.parent.headers, `/api/homework/own?student_id=${s.students.other.id}`)).statusCode,
    ).toBe(404);

    expect((await send('GET', s.otherPupil, `/api/homework/${work.id}`)).statusCode).toBe(404);
    expect(
      (await send('POST', s.otherPupil, `/api/homework/${work.id}/submission`, { text: 'x' })).statusCode,
    ).toBe(404);
    expect((await send('GET', s.otherPupil, '/api/homework/own')).json().data.pagination.total).toBe(0);
    const elsewhere = await makeSchool(t.app, 'Elsewhere');
    expect((await send('GET', elsewhere.admin.headers, `/api/homework/${work.id}`)).statusCode).toBe(404);
    expect((await send('GET', elsewhere.admin.headers, `/api/homework/${work.id}/roster`)).statusCode).toBe(
      404,
    );
  });
});

describe('changing homework', () => {
  /** Ravi Kulkarni, a second teacher, who teaches VII-A's Mathematics on Tuesdays. */
  async function secondTeacher(s: Awaited<ReturnType<typeof school>>) {
    const user = await makeUser(t.database.db, { institute: s.institute, roles: ['teacher'] });
    const [ravi] = await t.database.db
      .insert(staff)
      .values({
        instituteId: s.institute.id,
        employeeCode: 'T-002',
        firstName: 'Ravi',
        lastName: 'Kulkarni',
        joiningDate: '2021-06-01',
        userId: user.id,
      })
      .returning();
    const entry = await send('POST', s.admin.headers, '/api/timetable/entries', {
      section_id: s.sections.sevenA.id,
      day: 2,
      period: 1,
      subject_id: s.maths,
      teacher_id: ravi?.id,
    });
    expect(entry.statusCode, entry.body).toBe(201);
    return as(s.institute, await tokenFor(t.app, user, s.institute, 'teacher'));
  }

  it('lets who set it, or an admin, change its details until work on it is marked; audited', async () => {
    const s = await school();
    const ravi = await secondTeacher(s);
    const work = (await s.set(s.teacher.headers)).json().data;
    expect(work.can).toEqual({ edit: true, manage: true, mark: true, submit: false });
    const url = `/api/homework/${work.id}`;
    const sheet = (await upload(s.teacher.headers, PDF, 'exercise-4.3.pdf')).json().data;
    const changed = await send('PATCH', s.teacher.headers, url, {
      title: 'Chapter 4 exercise 4.3 (Q1–12)',
      instructions: 'Show each step.',
      due_on: day(3),
      attachment_ids: [sheet.id],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe('Homework updated');
    expect(changed.json().data).toMatchObject({
      title: 'Chapter 4 exercise 4.3 (Q1–12)',
      instructions: 'Show each step.',
      assigned_on: day(-1),
      due_on: day(3),
      max_marks: 10,
    });
    expect(changed.json().data.attachments.map((f: { name: string }) => f.name)).toEqual([
      'exercise-4.3.pdf',
    ]);
    const early = await send('PATCH', s.teacher.headers, url, { due_on: day(-2) });
    expect([early.statusCode, early.json().codes?.due_on?.code]).toEqual([400, 'homework.dueBeforeAssigned']);

    // Ravi teaches it too: he may mark it and manage it, not change what its setter wrote.
    expect((await send('GET', ravi, url)).json().data.can).toEqual({
      edit: false,
      manage: true,
      mark: true,
      submit: false,
    });
    const refused = await send('PATCH', ravi, url, { title: 'Mine now' });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'homework.notYourAssignment']);
    expect((await send('PATCH', s.student.headers, url, { title: 'Less work' })).statusCode).toBe(403);
    const byAdmin = await send('PATCH', s.admin.headers, url, { max_marks: 20 });
    expect(byAdmin.json().data.max_marks).toBe(20);
    const elsewhere = await makeSchool(t.app, 'Elsewhere');
    expect((await send('PATCH', elsewhere.admin.headers, url, { title: 'x' })).statusCode).toBe(404);

    const history = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'homework_assignment'), eq(auditLog.entityId, work.id)));
    expect(history.map((h) => [h.actorId, h.before, h.after])).toEqual([
      [
        s.teacher.id,
        { title: 'Chapter 4 exercise 4.2 (Q1–10)', instructions: '', due_on: day(2), attachments: [] },
        {
          title: 'Chapter 4 exercise 4.3 (Q1–12)',
          instructions: 'Show each step.',
          due_on: day(3),
          attachments: ['exercise-4.3.pdf'],
        },
      ],
      [s.admin.id, { max_marks: 10 }, { max_marks: 20 }],
    ]);

    // Once a pupil's work is marked, the homework stays as the pupils answered it.
    const sent = await send('POST', s.student.headers, `${url}/submission`, { text: 'All twelve done' });
    const mark = `/api/homework/submissions/${sent.json().data.submission.id}/mark`;
    expect((await send('POST', s.teacher.headers, mark, { marks: 18 })).statusCode).toBe(200);
    const late = await send('PATCH', s.teacher.headers, url, { due_on: day(5) });
    expect([late.statusCode, late.json().code]).toEqual([409, 'homework.markedNoChange']);
    expect((await send('GET', s.teacher.headers, url)).json().data.can.edit).toBe(false);
  });
});

describe('dashboard cards', () => {
  it("counts a teacher's active work and a pupil's pending work", async () => {
    const s = await school();
    const soon = (await s.set(s.teacher.headers, { due_on: day(1) })).json().data;
    await s.set(s.teacher.headers, { due_on: day(4) });
    await s.set(s.teacher.headers, { assigned_on: day(-6), due_on: day(-2) });
    await s.set(s.teacher.headers, { publish: false });
    await send('POST', s.student.headers, `/api/homework/${soon.id}/submission`, { text: 'Done' });
    const teacher = await inInstitute(t.database.db, s.institute.id, (tx) =>
      activeAssignmentsOf(tx, actorOf(s, s.teacher, 'teacher')),
    );
    expect(teacher.count).toBe(2);
    expect(teacher.items.map((i) => [i.due_on, i.submitted, i.total])).toEqual([
      [day(1), 1, 1],
      [day(4), 0, 1],
    ]);
    const pupil = await inInstitute(t.database.db, s.institute.id, (tx) =>
      pendingAssignmentsOf(tx, s.institute.id, s.students.child.id),
    );
    expect(pupil.count).toBe(1);
    expect(pupil.items.map((i) => i.status).sort()).toEqual(['pending', 'pending', 'submitted']);
  });
});
