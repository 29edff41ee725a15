import { todayInIndia } from '@schooliko/common/kit/dates';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../platform/mail/mail.table';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp();

type Headers = Record<string, string>;
const send = (method: 'GET' | 'POST', headers: Headers, url: string, payload?: object) =>
  t.app.inject({ method, url, headers, payload });

describe('appointments', () => {
  const tomorrow = new Date(Date.parse(`${todayInIndia()}T00:00:00Z`) + 86_400_000)
    .toISOString()
    .slice(0, 10);
  const at = (hour: number, minute = 0) =>
    new Date(Date.parse(`${tomorrow}T00:00:00+05:30`) + (hour * 60 + minute) * 60_000).toISOString();
  const slot = (staffId: string, from: number, to: number, extra: object = {}) => ({
    host_staff_id: staffId,
    starts_at: at(from),
    ends_at: at(to),
    purpose: 'Progress of the term',
    name: 'Prakash Iyer',
    phone: '9890012345',
    email: 'prakash.iyer@example.in',
    ...extra,
  });

  it('books a slot, refuses an overlapping one, and moves through check-in (a visitor pass) to completed', async () => {
    const s = await makeSchool(t.app);
    const booked = await send('POST', s.admin.headers, '/api/appointments', slot(s.teacherStaff.id, 10, 11));
    expect(booked.statusCode, booked.body).toBe(201);
    const a = booked.json().data;
    expect(a).toMatchObject({ status: 'confirmed', host_name: 'Meera Joshi', from_parent: false });
    const mails = await t.app.database.db.select().from(outbox);
    await t.app.jobs.drain();
    const sent = await t.app.database.db.select().from(outbox);
    expect(sent.length - mails.length).toBe(1);
    expect(sent.at(-1)?.to).toBe('prakash.iyer@example.in');

    const clash = await send(
      'POST',
      s.admin.headers,
      '/api/appointments',
      slot(s.teacherStaff.id, 10.5, 11.5),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('appointments.staffBusy');
    const after = await send('POST', s.admin.headers, '/api/appointments', slot(s.teacherStaff.id, 11, 12));
    expect(after.statusCode).toBe(201);

    const checkedIn = await send('POST', s.admin.headers, `/api/appointments/${a.id}/status`, {
      status: 'checked-in',
    });
    expect(checkedIn.statusCode).toBe(200);
    const visitorId = checkedIn.json().data.visitor_id as string;
    const v = (await send('GET', s.admin.headers, `/api/visitors/${visitorId}`)).json().data;
    expect(v).toMatchObject({
      name: 'Prakash Iyer',
      pass_no: 1,
      host_name: 'Meera Joshi',
      appointment_id: a.id,
    });
    const done = await send('POST', s.admin.headers, `/api/appointments/${a.id}/status`, {
      status: 'completed',
    });
    expect(done.json().data.status).toBe('completed');
    const back = await send('POST', s.admin.headers, `/api/appointments/${a.id}/status`, {
      status: 'cancelled',
    });
    expect(back.statusCode).toBe(409);
    expect(back.json().code).toBe('appointments.transitionRefused');
  });

  it('takes one of two concurrent bookings of the same slot and refuses the other', async () => {
    const s = await makeSchool(t.app);
    const answers = await Promise.all([
      send('POST', s.admin.headers, '/api/appointments', slot(s.teacherStaff.id, 14, 15)),
      send(
        'POST',
        s.admin.headers,
        '/api/appointments',
        slot(s.teacherStaff.id, 14.25, 15, { name: 'Farah Khan' }),
      ),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const list = (await send('GET', s.admin.headers, `/api/appointments?from=${tomorrow}`)).json().data;
    expect(list.pagination.total).toBe(1);
  });

  it('lets a parent request a slot from home; the desk confirms it unless the staff member is taken', async () => {
    const s = await makeSchool(t.app);
    const hosts = (await send('GET', s.parent.headers, '/api/appointments/hosts')).json().data.items;
    expect(hosts.map((h: { name: string }) => h.name)).toEqual(['Meera Joshi']);
    const asked = await send('POST', s.parent.headers, '/api/appointments/requests', {
      host_staff_id: s.teacherStaff.id,
      starts_at: at(9),
      ends_at: at(9, 30),
      purpose: "Ananya's mathematics",
      student_id: s.students.child.id,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const r = asked.json().data;
    expect(r).toMatchObject({
      status: 'requested',
      name: 'Sunita Deshpande',
      from_parent: true,
      student_name: 'Ananya Deshpande',
    });
    const mine = (await send('GET', s.parent.headers, '/api/appointments/mine')).json().data;
    expect(mine.items.map((x: { id: string }) => x.id)).toEqual([r.id]);
    expect((await send('GET', s.parent.headers, '/api/appointments')).statusCode).toBe(403);

    await send('POST', s.admin.headers, '/api/appointments', slot(s.teacherStaff.id, 9, 10));
    const refused = await send('POST', s.admin.headers, `/api/appointments/${r.id}/status`, {
      status: 'confirmed',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('appointments.staffBusy');
    const cancelled = await send('POST', s.admin.headers, `/api/appointments/${r.id}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.json().data.status).toBe('cancelled');

    // The parent hears of the answer in the app: a meeting on their home, the refusal told nothing.
    const again = (
      await send('POST', s.parent.headers, '/api/appointments/requests', {
        host_staff_id: s.teacherStaff.id,
        starts_at: at(11),
        ends_at: at(11, 30),
        purpose: 'Sports day volunteering',
      })
    ).json().data;
    const ok = await send('POST', s.admin.headers, `/api/appointments/${again.id}/status`, {
      status: 'confirmed',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const home = (await send('GET', s.parent.headers, '/api/dashboard/home')).json().data;
    expect(
      home.recent_notifications.map((n: { title: string; message: string; category: string }) => [
        n.title,
        n.message.startsWith('With Meera Joshi on '),
        n.category,
      ]),
    ).toEqual([
      ['Appointment confirmed', true, 'meeting'],
      ['Appointment cancelled', true, 'meeting'],
    ]);
    expect(home.recent_notifications[0].message).toMatch(/\(Sports day volunteering\)\.$/);
  });

  it("hides another institute's appointments", async () => {
    const a = await makeSchool(t.app, 'A');
    const b = await makeSchool(t.app, 'B');
    const theirs = (
      await send('POST', b.admin.headers, '/api/appointments', slot(b.teacherStaff.id, 10, 11))
    ).json().data;
    const res = await send('POST', a.admin.headers, `/api/appointments/${theirs.id}/status`, {
      status: 'cancelled',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('appointments.notFound');
    const mine = await send('POST', a.admin.headers, '/api/appointments', slot(b.teacherStaff.id, 10, 11));
    expect(mine.statusCode).toBe(404);
    expect(mine.json().code).toBe('staff.notFound');
  });
});
