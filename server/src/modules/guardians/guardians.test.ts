import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.table';
import { useTestApp } from '../../testing/test-app';
import { students } from '../students/students.table';
import { guardians, studentGuardians } from './guardians.table';
import { addGuardian, addStudent, school } from './guardians.testing';

const t = useTestApp();

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const sneha = {
  name: 'Sneha Patil',
  phone: '+91 98765 43210',
  email: 'sneha@example.com',
  occupation: 'Doctor',
};

describe('guardians: add, read, change', () => {
  it('adds a guardian tied to a student in one step, and lists them with their children', async () => {
    const s = await school(t);
    const aarav = await addStudent(t.database.db, s.institute.id, {
      admissionNo: 'A-1',
      firstName: 'Aarav',
      lastName: 'Patil',
      sectionId: s.section.id,
    });
    const res = await send('POST', '/api/guardians', s.admin.headers, {
      ...sneha,
      annual_income: '6,00,000',
      student_id: aarav.id,
      relation: 'mother',
      is_primary: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Guardian added');
    const created = res.json().data;
    expect(created).toMatchObject({
      name: 'Sneha Patil',
      phone: '9876543210',
      email: 'sneha@example.com',
      occupation: 'Doctor',
      annual_income: 60_000_000,
      has_account: false,
      children: [
        {
          student_id: aarav.id,
          full_name: 'Aarav Patil',
          admission_no: 'A-1',
          class_name: 'VII',
          relation: 'mother',
          authorised_pickup: true,
          is_primary: true,
        },
      ],
    });
    const list = await get('/api/guardians', s.admin.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.pagination).toEqual({ page: 1, limit: 25, total: 1, hasMore: false });
    expect(list.json().data.items[0]).toEqual(created);
    const one = await get(`/api/guardians/${created.id}`, s.admin.headers);
    expect(one.json().data).toEqual(created);
  });

  it('needs the relation when a student is named, and a valid phone', async () => {
    const s = await school(t);
    const aarav = await addStudent(t.database.db, s.institute.id, { admissionNo: 'A-1', firstName: 'Aarav' });
    const noRelation = await send('POST', '/api/guardians', s.admin.headers, {
      ...sneha,
      student_id: aarav.id,
    });
    expect(noRelation.statusCode).toBe(400);
    expect(noRelation.json().errors).toEqual({ relation: 'Please choose the relation' });
    const badPhone = await send('POST', '/api/guardians', s.admin.headers, { ...sneha, phone: '12345' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().errors).toEqual({ phone: 'Please enter a valid 10-digit mobile number' });
    // Both at once: the form shows each beside its field, not the relation only once the rest is right.
    const both = await send('POST', '/api/guardians', s.admin.headers, {
      ...sneha,
      phone: '12345',
      student_id: aarav.id,
    });
    expect(both.json().errors).toEqual({
      phone: 'Please enter a valid 10-digit mobile number',
      relation: 'Please choose the relation',
    });
    // Tying one on record needs them chosen.
    const nobody = await send('POST', `/api/students/${aarav.id}/guardians`, s.admin.headers, {
      relation: 'mother',
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().errors).toEqual({ guardian_id: 'Please choose a parent or guardian' });
    expect(await t.database.db.select().from(guardians)).toHaveLength(0);
  });

  it('searches by name, phone or email, filters by student, sorts and pages', async () => {
    const s = await school(t);
    const db = t.database.db;
    const aarav = await addStudent(db, s.institute.id, { admissionNo: 'A-1', firstName: 'Aarav' });
    await addGuardian(db, s.institute.id, { name: 'Sneha Patil', phone: '9876543210' }, [
      { studentId: aarav.id },
    ]);
    await addGuardian(db, s.institute.id, { name: 'Rohit Sharma', phone: '9123456789' });
    await addGuardian(db, s.institute.id, { name: 'Anita 100%', phone: '9000000001' });
    const names = async (query: string) =>
      (await get(`/api/guardians?${query}`, s.admin.headers))
        .json()
        .data.items.map((g: { name: string }) => g.name);
    expect(await names('search=patil')).toEqual(['Sneha Patil']);
    expect(await names('search=91234')).toEqual(['Rohit Sharma']);
    expect(await names('search=100%25')).toEqual(['Anita 100%']);
    expect(await names('search=0%25')).toEqual(['Anita 100%']);
    expect(await names(`student_id=${aarav.id}`)).toEqual(['Sneha Patil']);
    expect(await names('sort=name&order=desc')).toEqual(['Sneha Patil', 'Rohit Sharma', 'Anita 100%']);
    const page2 = (await get('/api/guardians?limit=2&page=2', s.admin.headers)).json().data;
    expect(page2.items.map((g: { name: string }) => g.name)).toEqual(['Sneha Patil']);
    expect(page2.pagination).toEqual({ page: 2, limit: 2, total: 3, hasMore: false });
  });

  it("edits a guardian's phone, leaves the other fields alone, and keeps the history", async () => {
    const s = await school(t);
    const created = (await send('POST', '/api/guardians', s.admin.headers, sneha)).json().data;
    const res = await send('PATCH', `/api/guardians/${created.id}`, s.admin.headers, {
      phone: '91234 56789',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Guardian saved');
    expect(res.json().data).toMatchObject({
      phone: '9123456789',
      email: 'sneha@example.com',
      occupation: 'Doctor',
      name: 'Sneha Patil',
    });
    const history = await get(`/api/guardians/${created.id}/history`, s.admin.headers);
    expect(history.statusCode).toBe(200);
    const items = history.json().data.items;
    expect(items.map((i: { action: string }) => i.action)).toEqual(['update', 'create']);
    expect(items[0]).toMatchObject({
      actor_name: 'admin Member',
      before: { phone: '9876543210' },
      after: { phone: '9123456789' },
    });
    // Only the office may read the history or write.
    expect((await get(`/api/guardians/${created.id}/history`, s.teacher.headers)).statusCode).toBe(403);
    expect(
      (await send('PATCH', `/api/guardians/${created.id}`, s.parent.headers, { phone: '9000000000' }))
        .statusCode,
    ).toBe(403);
  });

  it('exports the list as CSV', async () => {
    const s = await school(t);
    const aarav = await addStudent(t.database.db, s.institute.id, { admissionNo: 'A-1', firstName: 'Aarav' });
    await send('POST', '/api/guardians', s.admin.headers, {
      ...sneha,
      occupation: '=cmd',
      student_id: aarav.id,
      relation: 'mother',
    });
    const res = await get('/api/guardians/export?format=csv', s.admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="guardians.csv"');
    expect(res.body.split('\r\n')).toEqual([
      '\uFEFFName,Phone,Email,Occupation,Annual Income,Education,Address,Children,Relations',
      "Sneha Patil,9876543210,sneha@example.com,'=cmd,,,,Aarav (A-1),mother",
      '',
    ]);
  });
});

describe('who sees which guardians', () => {
  it('a parent sees only their own guardian record and their own child', async () => {
    const s = await school(t);
    const db = t.database.db;
    const own = await addStudent(db, s.institute.id, { admissionNo: 'A-1', firstName: 'Aarav' });
    const other = await addStudent(db, s.institute.id, { admissionNo: 'A-2', firstName: 'Other' });
    const mine = await addGuardian(db, s.institute.id, { name: 'Sneha Patil', userId: s.parent.user.id }, [
      { studentId: own.id },
    ]);
    const spouse = await addGuardian(db, s.institute.id, { name: 'Rahul Patil' }, [
      { studentId: own.id, relation: 'father' },
    ]);
    const stranger = await addGuardian(db, s.institute.id, { name: 'Stranger' }, [{ studentId: other.id }]);
    const list = await get('/api/guardians', s.parent.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items.map((g: { id: string }) => g.id)).toEqual([mine.id]);
    // Their own record is marked, so the web offers to ask for a change to it; to staff it is not theirs.
    expect(list.json().data.items[0].is_you).toBe(true);
    const asAdmin = await get(`/api/guardians/${mine.id}`, s.admin.headers);
    expect(asAdmin.json().data).toMatchObject({ has_account: true, is_you: false });
    expect(list.json().data.items[0].children.map((c: { student_id: string }) => c.student_id)).toEqual([
      own.id,
    ]);
    expect((await get(`/api/guardians/${mine.id}`, s.parent.headers)).statusCode).toBe(200);
    expect((await get(`/api/guardians/${spouse.id}`, s.parent.headers)).statusCode).toBe(404);
    expect((await get(`/api/guardians/${stranger.id}`, s.parent.headers)).statusCode).toBe(404);
    expect((await get(`/api/students/${own.id}/siblings`, s.parent.headers)).statusCode).toBe(200);
    expect((await get(`/api/students/${other.id}/siblings`, s.parent.headers)).statusCode).toBe(404);
    // A student has no guardians permission at all.
    expect((await get('/api/guardians', s.student.headers)).statusCode).toBe(403);
  });

  it("a teacher sees the guardians of their section's students only", async () => {
    const s = await school(t);
    const db = t.database.db;
    const inSection = await addStudent(db, s.institute.id, {
      admissionNo: 'A-1',
      firstName: 'Aarav',
      sectionId: s.section.id,
    });
    const elsewhere = await addStudent(db, s.institute.id, { admissionNo: 'A-2', firstName: 'Isha' });
    const seen = await addGuardian(db, s.institute.id, { name: 'Sneha Patil' }, [
      { studentId: inSection.id },
      { studentId: elsewhere.id },
    ]);
    const hidden = await addGuardian(db, s.institute.id, { name: 'Hidden' }, [{ studentId: elsewhere.id }]);
    const list = (await get('/api/guardians', s.teacher.headers)).json().data;
    expect(list.items.map((g: { id: string }) => g.id)).toEqual([seen.id]);
    // Only the child the teacher may see is listed.
    expect(list.items[0].children.map((c: { student_id: string }) => c.student_id)).toEqual([inSection.id]);
    expect((await get(`/api/guardians/${hidden.id}`, s.teacher.headers)).statusCode).toBe(404);
    expect((await send('POST', '/api/guardians', s.teacher.headers, sneha)).statusCode).toBe(403);
  });

  it("answers 404 for another institute's guardians and students", async () => {
    const s = await school(t);
    const other = await school(t);
    const db = t.database.db;
    const theirs = await addStudent(db, other.institute.id, { admissionNo: 'B-1', firstName: 'Far' });
    const theirGuardian = await addGuardian(db, other.institute.id, { name: 'Far Away' }, [
      { studentId: theirs.id },
    ]);
    const ours = await addStudent(db, s.institute.id, { admissionNo: 'A-1', firstName: 'Aarav' });
    const ourGuardian = await addGuardian(db, s.institute.id, { name: 'Sneha Patil' });
    expect((await get(`/api/guardians/${theirGuardian.id}`, s.admin.headers)).statusCode).toBe(404);
    expect(
      (await send('PATCH', `/api/guardians/${theirGuardian.id}`, s.admin.headers, { phone: '9000000000' }))
        .statusCode,
    ).toBe(404);
    expect((await get(`/api/guardians/${theirGuardian.id}/history`, s.admin.headers)).statusCode).toBe(404);
    expect(
      (
        await send('POST', `/api/students/${theirs.id}/guardians`, s.admin.headers, {
          guardian_id: ourGuardian.id,
          relation: 'mother',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await send('POST', `/api/students/${ours.id}/guardians`, s.admin.headers, {
          guardian_id: theirGuardian.id,
          relation: 'mother',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await send('DELETE', `/api/students/${theirs.id}/guardians/${theirGuardian.id}`, s.admin.headers))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await send('POST', '/api/guardians', s.admin.headers, {
          ...sneha,
          student_id: theirs.id,
          relation: 'mother',
        })
      ).statusCode,
    ).toBe(404);
    expect((await get(`/api/guardians?student_id=${theirs.id}`, s.admin.headers)).json().data.items).toEqual(
      [],
    );
    expect((await get(`/api/students/${theirs.id}/siblings`, s.admin.headers)).statusCode).toBe(404);
    const [unchanged] = await db.select().from(guardians).where(eq(guardians.id, theirGuardian.id));
    expect(unchanged?.phone).toBe('9876500001');
    expect(
      await db.select().from(studentGuardians).where(eq(studentGuardians.instituteId, s.institute.id)),
    ).toEqual([]);
  });
});

describe('empty changes', () => {
  it('a PATCH that names no field changes nothing, for a guardian, a tie and a student', async () => {
    const s = await school(t);
    const db = t.database.db;
    const aarav = await addStudent(db, s.institute.id, { admissionNo: 'A-1', firstName: 'Aarav' });
    await db.update(students).set({ leavingReason: 'kept', city: 'Pune' }).where(eq(students.id, aarav.id));
    const g = await addGuardian(db, s.institute.id, { name: 'Sneha Patil' }, [{ studentId: aarav.id }]);
    const tie = await send('PATCH', `/api/students/${aarav.id}/guardians/${g.id}`, s.admin.headers, {});
    expect(tie.statusCode).toBe(200);
    expect(tie.json().data.children[0]).toMatchObject({ relation: 'mother', authorised_pickup: true });
    expect((await send('PATCH', `/api/guardians/${g.id}`, s.admin.headers, {})).statusCode).toBe(200);
    const student = await send('PATCH', `/api/students/${aarav.id}`, s.admin.headers, {});
    expect(student.statusCode).toBe(200);
    const roll = await send('PATCH', `/api/students/${aarav.id}`, s.admin.headers, { roll_no: '7' });
    expect(roll.json().data).toMatchObject({ roll_no: '7', leaving_reason: 'kept', city: 'Pune' });
    expect(await db.select().from(auditLog).where(eq(auditLog.entityId, aarav.id))).toHaveLength(1);
  });
});
