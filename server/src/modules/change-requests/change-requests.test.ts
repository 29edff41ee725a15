import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../platform/notifications/notifications.table';
import { useTestApp } from '../../testing/test-app';
import { guardians } from '../guardians/guardians.table';
import { addGuardian, addStudent, school } from '../guardians/guardians.testing';
import { students } from '../students/students.table';
import { changeRequests } from './change-requests.table';

const t = useTestApp();

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

/** A school where the parent is Aarav's mother and the student user is Isha. */
async function family() {
  const s = await school(t);
  const db = t.database.db;
  const aarav = await addStudent(db, s.institute.id, {
    admissionNo: 'A-1',
    firstName: 'Aarav',
    lastName: 'Patil',
  });
  const isha = await addStudent(db, s.institute.id, {
    admissionNo: 'A-2',
    firstName: 'Isha',
    userId: s.student.user.id,
  });
  const mother = await addGuardian(db, s.institute.id, { name: 'Sneha Patil', userId: s.parent.user.id }, [
    { studentId: aarav.id },
  ]);
  return { ...s, aarav, isha, mother };
}

const inbox = (userId: string) =>
  t.database.db.select().from(notifications).where(eq(notifications.recipientId, userId));

describe('asking for a change', () => {
  it("a parent asks to change their child's address: nothing changes, the admins are told", async () => {
    const f = await family();
    const res = await post('/api/change-requests', f.parent.headers, {
      entity: 'student',
      entity_id: f.aarav.id,
      changes: { address: '12 MG Road', pincode: '411 001' },
      note: 'We moved',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Your request has been sent to the school office');
    expect(res.json().data).toMatchObject({
      entity: 'student',
      entity_id: f.aarav.id,
      entity_name: 'Aarav Patil',
      changes: { address: '12 MG Road', pincode: '411001' },
      current: { address: '', pincode: '' },
      note: 'We moved',
      status: 'pending',
      requested_by: f.parent.user.id,
      requested_by_name: 'parent Member',
      review_note: '',
      reviewed_at: null,
    });
    const [student] = await t.database.db.select().from(students).where(eq(students.id, f.aarav.id));
    expect(student).toMatchObject({ address: '', pincode: '' });
    const told = await inbox(f.admin.user.id);
    expect(told.map((n) => [n.title, n.message])).toEqual([
      ['Change request', "parent Member asked to change Aarav Patil's address, pincode."],
    ]);
  });

  it('a parent may ask about their own guardian record; a student about themself', async () => {
    const f = await family();
    const own = await post('/api/change-requests', f.parent.headers, {
      entity: 'guardian',
      entity_id: f.mother.id,
      changes: { phone: '91234 56789', occupation: 'Engineer' },
    });
    expect(own.statusCode).toBe(201);
    expect(own.json().data.changes).toEqual({ phone: '9123456789', occupation: 'Engineer' });
    const self = await post('/api/change-requests', f.student.headers, {
      entity: 'student',
      entity_id: f.isha.id,
      changes: { city: 'Pune' },
    });
    expect(self.statusCode).toBe(201);
  });

  it("refuses someone else's record with 404, and fields one may not ask for with 400", async () => {
    const f = await family();
    const other = await school(t);
    const far = await addStudent(t.database.db, other.institute.id, { admissionNo: 'B-1', firstName: 'Far' });
    const father = await addGuardian(t.database.db, f.institute.id, { name: 'Rahul Patil' }, [
      { studentId: f.aarav.id },
    ]);
    const ask = (headers: Headers, entity: string, id: string, changes: object = { city: 'Pune' }) =>
      post('/api/change-requests', headers, { entity, entity_id: id, changes });
    // A student cannot ask for another student, even a sibling-to-be.
    const forOther = await ask(f.student.headers, 'student', f.aarav.id);
    expect(forOther.statusCode).toBe(404);
    expect(forOther.json().message).toBe('Record not found');
    expect((await ask(f.parent.headers, 'student', f.isha.id)).statusCode).toBe(404);
    expect((await ask(f.parent.headers, 'guardian', father.id, { phone: '9123456789' })).statusCode).toBe(
      404,
    );
    expect((await ask(f.parent.headers, 'student', far.id)).statusCode).toBe(404);
    const badField = await ask(f.parent.headers, 'student', f.aarav.id, { first_name: 'Changed' });
    expect(badField.statusCode).toBe(400);
    const badPin = await ask(f.parent.headers, 'student', f.aarav.id, { pincode: '12' });
    expect(badPin.statusCode).toBe(400);
    expect(badPin.json().errors).toEqual({ 'changes.pincode': 'Pincode must be 6 digits' });
    expect((await ask(f.parent.headers, 'student', f.aarav.id, {})).statusCode).toBe(400);
    expect((await ask(f.teacher.headers, 'student', f.aarav.id)).statusCode).toBe(403);
    expect(await t.database.db.select().from(changeRequests)).toEqual([]);
  });
});

describe('reviewing a change request', () => {
  async function asked() {
    const f = await family();
    const res = await post('/api/change-requests', f.parent.headers, {
      entity: 'guardian',
      entity_id: f.mother.id,
      changes: { phone: '9123456789', email: 'sneha@new.example.com' },
    });
    return { ...f, request: res.json().data };
  }

  it('approving applies the change with a history row, and tells the requester', async () => {
    const f = await asked();
    const res = await post(`/api/change-requests/${f.request.id}/approve`, f.admin.headers, {
      note: 'Verified',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Change request approved and applied');
    expect(res.json().data).toMatchObject({ status: 'approved', review_note: 'Verified' });
    const [g] = await t.database.db.select().from(guardians).where(eq(guardians.id, f.mother.id));
    expect(g).toMatchObject({ phone: '9123456789', email: 'sneha@new.example.com' });
    const history = (await get(`/api/guardians/${f.mother.id}/history`, f.admin.headers)).json().data.items;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      action: 'change-request',
      actor_name: 'admin Member',
      before: { phone: '9876500001', email: '' },
      after: { phone: '9123456789', email: 'sneha@new.example.com' },
    });
    const told = await inbox(f.parent.user.id);
    expect(told.map((n) => [n.type, n.title, n.message])).toEqual([
      [
        'approval',
        'Change request approved',
        "Your request to change Sneha Patil's phone, email was approved. Verified",
      ],
    ]);
    const again = await post(`/api/change-requests/${f.request.id}/reject`, f.admin.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This request has already been decided');
  });

  it('rejecting records the note and changes nothing', async () => {
    const f = await asked();
    const res = await post(`/api/change-requests/${f.request.id}/reject`, f.admin.headers, {
      note: 'Please call the office',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', review_note: 'Please call the office' });
    const [g] = await t.database.db.select().from(guardians).where(eq(guardians.id, f.mother.id));
    expect(g?.phone).toBe('9876500001');
    expect((await get(`/api/guardians/${f.mother.id}/history`, f.admin.headers)).json().data.items).toEqual(
      [],
    );
    expect((await inbox(f.parent.user.id)).map((n) => n.title)).toEqual(['Change request rejected']);
    expect((await post(`/api/change-requests/${f.request.id}/approve`, f.admin.headers)).statusCode).toBe(
      409,
    );
  });

  it("approving a student's request writes the student's history", async () => {
    const f = await family();
    const asked = await post('/api/change-requests', f.student.headers, {
      entity: 'student',
      entity_id: f.isha.id,
      changes: { city: 'Nashik', state: 'Maharashtra' },
    });
    const res = await post(`/api/change-requests/${asked.json().data.id}/approve`, f.admin.headers);
    expect(res.statusCode).toBe(200);
    const [s] = await t.database.db.select().from(students).where(eq(students.id, f.isha.id));
    expect(s).toMatchObject({ city: 'Nashik', state: 'Maharashtra', address: '' });
    const history = (await get(`/api/students/${f.isha.id}/history`, f.admin.headers)).json().data.items;
    expect(history[0]).toMatchObject({
      action: 'change-request',
      after: { city: 'Nashik', state: 'Maharashtra' },
    });
  });

  it('lists all requests to reviewers and only their own to requesters', async () => {
    const f = await asked();
    await post('/api/change-requests', f.student.headers, {
      entity: 'student',
      entity_id: f.isha.id,
      changes: { city: 'Pune' },
    });
    const ids = async (headers: Headers, query = '') =>
      (await get(`/api/change-requests${query}`, headers))
        .json()
        .data.items.map((r: { entity_name: string }) => r.entity_name);
    expect(await ids(f.admin.headers)).toEqual(['Isha', 'Sneha Patil']);
    expect(await ids(f.parent.headers)).toEqual(['Sneha Patil']);
    expect(await ids(f.student.headers)).toEqual(['Isha']);
    await post(`/api/change-requests/${f.request.id}/reject`, f.admin.headers);
    expect(await ids(f.admin.headers, '?status=pending')).toEqual(['Isha']);
    expect(await ids(f.admin.headers, '?status=rejected')).toEqual(['Sneha Patil']);
    expect((await get('/api/change-requests', f.teacher.headers)).statusCode).toBe(403);
    // Only reviewers decide; another institute's admin cannot even find the request.
    expect((await post(`/api/change-requests/${f.request.id}/approve`, f.parent.headers)).statusCode).toBe(
      403,
    );
    const other = await school(t);
    const cross = await t.app.inject({
      method: 'POST',
      url: `/api/change-requests/${f.request.id}/approve`,
      headers: other.admin.headers,
    });
    expect(cross.statusCode).toBe(404);
  });
});
