import { financialYearOf } from '@schooliko/common/fees/money';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../platform/notifications/notifications.table';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { pdfText } from '../fees/pdf-text.testing';
import { studentGuardians } from '../guardians/guardians.table';
import { visitors } from './reception.table';

const t = useTestApp();

type Headers = Record<string, string>;
const send = (method: 'GET' | 'POST', headers: Headers, url: string, payload?: object) =>
  t.app.inject({ method, url, headers, payload });
const fy = financialYearOf(todayInIndia());

const visitor = (extra: object = {}) => ({
  name: 'Rakesh Kulkarni',
  phone: '+91 98220 11223',
  purpose: 'Meeting the class teacher',
  persons: 2,
  id_proof_type: 'aadhaar',
  id_proof_last4: '4321',
  ...extra,
});

async function checkIn(headers: Headers, extra: object = {}) {
  const res = await send('POST', headers, '/api/visitors', visitor(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; pass_no: number; pass_label: string; status: string };
}

describe('visitors', () => {
  it('checks a visitor in with a numbered pass and checks them out once', async () => {
    const s = await makeSchool(t.app);
    const v = await checkIn(s.admin.headers, {
      host_staff_id: s.teacherStaff.id,
      student_id: s.students.child.id,
      relation: 'father',
    });
    expect(v).toMatchObject({
      pass_no: 1,
      pass_label: `VP/${fy}/00001`,
      phone: '9822011223',
      host_name: 'Meera Joshi',
      student_name: 'Ananya Deshpande',
      relation: 'father',
      persons: 2,
      id_proof_type: 'aadhaar',
      id_proof_last4: '4321',
      status: 'in',
      overstay: false,
      checked_out_at: null,
    });
    const out = await send('POST', s.admin.headers, `/api/visitors/${v.id}/check-out`);
    expect(out.statusCode).toBe(200);
    expect(out.json().data.status).toBe('out');
    const again = await send('POST', s.admin.headers, `/api/visitors/${v.id}/check-out`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('reception.alreadyCheckedOut');
  });

  it('refuses a phone that is not 10 digits, and a whole ID number', async () => {
    const s = await makeSchool(t.app);
    const bad = await send('POST', s.admin.headers, '/api/visitors', visitor({ phone: '98220' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('reception.phoneInvalid');
    expect(bad.json().codes.phone).toEqual({ code: 'reception.phoneInvalid' });
    const id = await send(
      'POST',
      s.admin.headers,
      '/api/visitors',
      visitor({ id_proof_last4: '123456789012' }),
    );
    expect(id.statusCode).toBe(400);
    expect(id.json().codes.id_proof_last4).toEqual({ code: 'reception.last4Invalid' });
    const parent = await send(
      'POST',
      s.admin.headers,
      '/api/visitors',
      visitor({ student_id: s.students.child.id }),
    );
    expect(parent.statusCode).toBe(400);
    expect(parent.json().codes.relation).toEqual({ code: 'reception.relationRequired' });
  });

  it('numbers 20 concurrent check-ins 1 to 20 with no gap and no repeat', async () => {
    const s = await makeSchool(t.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, k) =>
        send('POST', s.admin.headers, '/api/visitors', visitor({ name: `Visitor ${k + 1}` })),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const numbers = answers.map((a) => a.json().data.pass_no as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, k) => k + 1));
    const list = (await send('GET', s.admin.headers, '/api/visitors?limit=5')).json().data;
    expect(list.pagination.total).toBe(20);
    expect(list.items[0].pass_no).toBe(20);
  });

  it("hides another institute's visitors: read, pass and check-out are 404", async () => {
    const a = await makeSchool(t.app, 'A');
    const b = await makeSchool(t.app, 'B');
    const theirs = await checkIn(b.admin.headers);
    for (const [method, url] of [
      ['GET', `/api/visitors/${theirs.id}`],
      ['GET', `/api/visitors/${theirs.id}/pass.pdf`],
      ['POST', `/api/visitors/${theirs.id}/check-out`],
    ] as const) {
      const res = await send(method, a.admin.headers, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('reception.notFound');
    }
    const mine = await checkIn(a.admin.headers);
    expect(mine.pass_no).toBe(1);
    const byNumber = await send('POST', a.admin.headers, '/api/visitors/check-out', {
      code: `VP/${fy}/00002`,
    });
    expect(byNumber.statusCode).toBe(404);
    expect(byNumber.json().code).toBe('reception.passUnknown');
  });

  it('checks out by the QR token or the typed pass number, and flags overstays', async () => {
    const s = await makeSchool(t.app);
    const first = await checkIn(s.admin.headers, { expected_minutes: 30 });
    const second = await checkIn(s.admin.headers);
    await t.app.database.db
      .update(visitors)
      .set({ checkedInAt: sql`now() - interval '45 minutes'` })
      .where(eq(visitors.id, first.id));
    const [row] = await t.app.database.db.select().from(visitors).where(eq(visitors.id, first.id));
    // The day's register of the check-in: yesterday's, when the run is within 45 minutes of midnight.
    const day = todayInIndia(row?.checkedInAt);
    const flagged = (await send('GET', s.admin.headers, `/api/visitors?date=${day}&overstay=true`)).json()
      .data;
    expect(flagged.items.map((v: { id: string }) => v.id)).toEqual([first.id]);
    const byToken = await send('POST', s.admin.headers, '/api/visitors/check-out', {
      code: row?.checkoutToken,
    });
    expect(byToken.statusCode).toBe(200);
    expect(byToken.json().data).toMatchObject({ id: first.id, status: 'out', overstay: true });
    const byNumber = await send('POST', s.admin.headers, '/api/visitors/check-out', { code: '2' });
    expect(byNumber.json().data).toMatchObject({ id: second.id, status: 'out', overstay: false });
    const inside = (await send('GET', s.admin.headers, '/api/visitors?status=in')).json().data;
    expect(inside.pagination.total).toBe(0);
  });

  it("gives the admin dashboard today's visitors in and out and today's appointments", async () => {
    const s = await makeSchool(t.app);
    const gone = await checkIn(s.admin.headers);
    await checkIn(s.admin.headers);
    await checkIn(s.admin.headers);
    await send('POST', s.admin.headers, `/api/visitors/${gone.id}/check-out`);
    const soon = new Date(Date.now() + 10 * 60_000);
    const later = new Date(soon.getTime() + 30 * 60_000);
    const booked = await send('POST', s.admin.headers, '/api/appointments', {
      host_staff_id: s.teacherStaff.id,
      starts_at: soon.toISOString(),
      ends_at: later.toISOString(),
      purpose: 'Admission documents',
      name: 'Farah Khan',
      phone: '9890012399',
    });
    expect(booked.statusCode).toBe(201);
    const board = (await send('GET', s.admin.headers, '/api/dashboard/admin')).json().data;
    // An appointment 10 minutes from now is today's unless the day ends before it.
    const today = todayInIndia() === todayInIndia(soon) ? 1 : 0;
    expect(board.reception).toEqual({
      visitors_in: 2,
      visitors_out: 1,
      overstays: 0,
      appointments: today,
      appointments_waiting: today,
    });
  });

  it('prints the pass with its number and the register, and exports the day', async () => {
    const s = await makeSchool(t.app);
    const v = await checkIn(s.admin.headers, { host_staff_id: s.teacherStaff.id });
    const pass = await send('GET', s.admin.headers, `/api/visitors/${v.id}/pass.pdf`);
    expect(pass.statusCode).toBe(200);
    expect(pass.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pass.rawPayload);
    expect(text).toContain('VISITOR PASS');
    expect(text).toContain(`VP/${fy}/00001`);
    expect(text).toContain('Rakesh Kulkarni');
    expect(text).toContain('Meera Joshi');
    expect(text).toContain('4321');
    const register = await send('GET', s.admin.headers, '/api/visitors/register.pdf');
    expect(register.statusCode).toBe(200);
    expect(await pdfText(register.rawPayload)).toContain('Total visits: 1');
    const csv = await send('GET', s.admin.headers, '/api/visitors/export?format=csv');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Pass No.,Name,Mobile,Purpose,To Meet,Student,Relation,Persons,ID Proof,Time In,Time Out,Overstay',
    );
    expect(lines[1]).toContain(
      `VP/${fy}/00001,Rakesh Kulkarni,9822011223,Meeting the class teacher,Meera Joshi`,
    );
    expect(lines).toHaveLength(2);
  });
});

describe('student pick-up', () => {
  it('lets an authorised guardian take the child and refuses anyone else, telling the class teacher', async () => {
    const s = await makeSchool(t.app);
    const ok = await send('POST', s.admin.headers, '/api/visitors/pickups', {
      student_id: s.students.child.id,
      guardian_id: s.guardian.id,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({
      person_name: 'Sunita Deshpande',
      relation: 'mother',
      allowed: true,
      student_name: 'Ananya Deshpande',
      class_label: 'VII-A',
    });

    const stranger = await send('POST', s.admin.headers, '/api/visitors/pickups', {
      student_id: s.students.child.id,
      person_name: 'Mahesh Pawar',
      phone: '9011122233',
    });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().code).toBe('reception.pickupNotAuthorised');

    await t.app.database.db
      .update(studentGuardians)
      .set({ authorisedPickup: false })
      .where(eq(studentGuardians.guardianId, s.guardian.id));
    const notAuthorised = await send('POST', s.admin.headers, '/api/visitors/pickups', {
      student_id: s.students.child.id,
      guardian_id: s.guardian.id,
    });
    expect(notAuthorised.statusCode).toBe(422);
    expect(notAuthorised.json().code).toBe('reception.pickupNotAuthorised');

    const notes = await t.app.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientId, s.teacher.id),
          eq(notifications.eventType, 'student-pickup-refused'),
        ),
      );
    expect(notes.map((n) => n.message).sort()).toEqual([
      'Mahesh Pawar tried to take Ananya Deshpande from school and is not an authorised pick-up. The student was kept at school.',
      'Sunita Deshpande tried to take Ananya Deshpande from school and is not an authorised pick-up. The student was kept at school.',
    ]);
    const list = (await send('GET', s.admin.headers, '/api/visitors/pickups')).json().data;
    expect(
      list.items.map((p: { person_name: string; allowed: boolean }) => [p.person_name, p.allowed]),
    ).toEqual([
      ['Sunita Deshpande', false],
      ['Mahesh Pawar', false],
      ['Sunita Deshpande', true],
    ]);
  });
});
