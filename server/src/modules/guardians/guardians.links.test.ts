import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.table';
import { useTestApp } from '../../testing/test-app';
import { families, students } from '../students/students.table';
import { guardians, studentGuardians } from './guardians.table';
import { addGuardian, addStudent, school } from './guardians.testing';

const t = useTestApp();

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const _sneha = {
  name: 'Sneha Patil',
  phone: '+91 98765 43210',
  email: 'sneha@example.com',
  occupation: 'Doctor',
};

describe('tying guardians to students, and families', () => {
  it('links an existing guardian (409 the second time), changes the tie, and unlinks it (audited)', async () => {
    const s = await school(t);
    const db = t.database.db;
    const aarav = await addStudent(db, s.institute.id, { admissionNo: 'A-1', firstName: 'Aarav' });
    const g = await addGuardian(db, s.institute.id, { name: 'Sneha Patil' });
    const url = `/api/students/${aarav.id}/guardians`;
    const body = { guardian_id: g.id, relation: 'mother', authorised_pickup: false, is_primary: true };
    const linked = await send('POST', url, s.admin.headers, body);
    expect(linked.statusCode).toBe(201);
    expect(linked.json().message).toBe('Guardian linked to the student');
    expect(linked.json().data.children).toEqual([
      {
        student_id: aarav.id,
        full_name: 'Aarav',
        admission_no: 'A-1',
        class_name: null,
        relation: 'mother',
        authorised_pickup: false,
        is_primary: true,
      },
    ]);
    const again = await send('POST', url, s.admin.headers, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This guardian is already linked to the student');

    const changed = await send('PATCH', `${url}/${g.id}`, s.admin.headers, { authorised_pickup: true });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.children[0]).toMatchObject({
      relation: 'mother',
      authorised_pickup: true,
      is_primary: true,
    });

    const gone = await send('DELETE', `${url}/${g.id}`, s.admin.headers);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe('Guardian removed from the student');
    expect(await db.select().from(studentGuardians)).toHaveLength(0);
    expect((await send('DELETE', `${url}/${g.id}`, s.admin.headers)).statusCode).toBe(404);
    expect((await send('PATCH', `${url}/${g.id}`, s.admin.headers, { is_primary: false })).statusCode).toBe(
      404,
    );

    const audit = await db.select().from(auditLog).where(eq(auditLog.entity, 'student_guardian'));
    expect(audit.map((a) => a.action).sort()).toEqual(['link', 'unlink', 'update']);
    expect(audit.find((a) => a.action === 'update')).toMatchObject({
      before: { authorised_pickup: false },
      after: { authorised_pickup: true },
    });
    expect(audit.find((a) => a.action === 'unlink')?.before).toMatchObject({
      student_id: aarav.id,
      guardian_id: g.id,
    });
  });

  it('makes one primary guardian per student', async () => {
    const s = await school(t);
    const db = t.database.db;
    const aarav = await addStudent(db, s.institute.id, { admissionNo: 'A-1', firstName: 'Aarav' });
    const mother = await addGuardian(db, s.institute.id, { name: 'Sneha Patil' });
    const father = await addGuardian(db, s.institute.id, { name: 'Rahul Patil' });
    const url = `/api/students/${aarav.id}/guardians`;
    await send('POST', url, s.admin.headers, {
      guardian_id: mother.id,
      relation: 'mother',
      is_primary: true,
    });
    await send('POST', url, s.admin.headers, {
      guardian_id: father.id,
      relation: 'father',
      is_primary: true,
    });
    const links = await db.select().from(studentGuardians);
    expect(Object.fromEntries(links.map((l) => [l.relation, l.isPrimary]))).toEqual({
      mother: false,
      father: true,
    });
  });

  it("groups siblings into a family named after the guardian's surname, and lists them", async () => {
    const s = await school(t);
    const db = t.database.db;
    const aarav = await addStudent(db, s.institute.id, {
      admissionNo: 'A-1',
      firstName: 'Aarav',
      sectionId: s.section.id,
    });
    const isha = await addStudent(db, s.institute.id, { admissionNo: 'A-2', firstName: 'Isha' });
    const g = await addGuardian(db, s.institute.id, { name: 'Sneha Patil' });
    await send('POST', `/api/students/${aarav.id}/guardians`, s.admin.headers, {
      guardian_id: g.id,
      relation: 'mother',
    });
    expect(await db.select().from(families)).toHaveLength(0);
    await send('POST', `/api/students/${isha.id}/guardians`, s.admin.headers, {
      guardian_id: g.id,
      relation: 'mother',
    });
    const [family, ...more] = await db.select().from(families);
    expect(more).toHaveLength(0);
    expect(family?.name).toBe('Patil');
    const kids = await db.select({ id: students.id, familyId: students.familyId }).from(students);
    expect(kids.map((k) => k.familyId)).toEqual([family?.id, family?.id]);
    const [guardian] = await db.select().from(guardians);
    expect(guardian?.familyId).toBe(family?.id);

    const siblings = await get(`/api/students/${aarav.id}/siblings`, s.admin.headers);
    expect(siblings.statusCode).toBe(200);
    expect(siblings.json().data.items).toEqual([
      {
        id: isha.id,
        full_name: 'Isha',
        admission_no: 'A-2',
        class_name: null,
        section_name: null,
        status: 'enrolled',
      },
    ]);
    // The teacher of Aarav's section does not see Isha, who is not in it.
    const forTeacher = await get(`/api/students/${aarav.id}/siblings`, s.teacher.headers);
    expect(forTeacher.json().data.items).toEqual([]);
    expect((await get(`/api/students/${isha.id}/siblings`, s.teacher.headers)).statusCode).toBe(404);
  });

  it('merges two families that meet through a guardian', async () => {
    const s = await school(t);
    const db = t.database.db;
    const [f1] = await db.insert(families).values({ instituteId: s.institute.id, name: 'Patil' }).returning();
    const [f2] = await db
      .insert(families)
      .values({ instituteId: s.institute.id, name: 'Kulkarni' })
      .returning();
    const a = await addStudent(db, s.institute.id, { admissionNo: 'A-1', firstName: 'Aarav' });
    const b = await addStudent(db, s.institute.id, { admissionNo: 'A-2', firstName: 'Isha' });
    const c = await addStudent(db, s.institute.id, { admissionNo: 'A-3', firstName: 'Kabir' });
    await db.update(students).set({ familyId: f1?.id }).where(eq(students.id, a.id));
    await db.update(students).set({ familyId: f2?.id }).where(eq(students.id, b.id));
    await db.update(students).set({ familyId: f2?.id }).where(eq(students.id, c.id));
    const g = await addGuardian(db, s.institute.id, { name: 'Sneha Patil' }, [{ studentId: a.id }]);
    const res = await send('POST', `/api/students/${b.id}/guardians`, s.admin.headers, {
      guardian_id: g.id,
      relation: 'mother',
    });
    expect(res.statusCode).toBe(201);
    const rows = await db.select({ familyId: students.familyId }).from(students);
    expect(new Set(rows.map((r) => r.familyId)).size).toBe(1);
    const names = (await get(`/api/students/${a.id}/siblings`, s.admin.headers))
      .json()
      .data.items.map((x: { full_name: string }) => x.full_name);
    expect(names.sort()).toEqual(['Isha', 'Kabir']);
  });
});
