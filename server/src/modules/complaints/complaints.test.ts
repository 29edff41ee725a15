import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inInstitute } from '../../kit/scope';
import { as, makeUser, tokenFor } from '../../testing/factories';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { staff } from '../staff/staff.table';
import { complaints } from './complaints.table';

const t = useTestApp();

type Headers = Record<string, string>;
const send = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', headers: Headers, url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const listed = async (headers: Headers) => {
  const res = await send('GET', headers, '/api/complaints');
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json()
    .data.items.map((c: { category: string }) => c.category)
    .sort();
};

/** A school whose POCSO committee is the teacher (Meera Joshi), with a second admin who is not on it. */
async function school() {
  const s = await makeSchool(t.app);
  const committee = await send('PUT', s.admin.headers, '/api/complaints/committees', {
    committee: 'pocso',
    staff_ids: [s.teacherStaff.id],
  });
  expect(committee.statusCode, committee.body).toBe(200);
  const other = await makeUser(t.database.db, { institute: s.institute, roles: ['admin'] });
  const otherAdmin = as(s.institute, await tokenFor(t.app, other, s.institute, 'admin'));
  return { s, otherAdmin };
}

describe('complaints', () => {
  it('a POCSO complaint is seen by its committee member and its filer, never by an admin off the committee', async () => {
    const { s, otherAdmin } = await school();
    const pocso = await send('POST', s.parent.headers, '/api/complaints', {
      category: 'pocso',
      description: 'My daughter was made uncomfortable by a van attendant.',
    });
    expect(pocso.statusCode, pocso.body).toBe(201);
    expect(pocso.json().data).toMatchObject({ restricted: true, complainant_kind: 'parent', mine: true });
    const id = pocso.json().data.id;
    const bus = await send('POST', s.admin.headers, '/api/complaints', {
      category: 'transport',
      complainant_kind: 'public',
      complainant_name: 'Ramesh Pawar',
      description: 'School bus parked across the gate every morning.',
    });
    expect(bus.statusCode).toBe(201);

    expect(await listed(otherAdmin)).toEqual(['transport']);
    expect(await listed(s.admin.headers)).toEqual(['transport']);
    expect(await listed(s.teacher.headers)).toEqual(['pocso']);
    expect(await listed(s.parent.headers)).toEqual(['pocso']);
    expect((await send('GET', otherAdmin, `/api/complaints/${id}`)).statusCode).toBe(404);
    expect(
      (await send('PATCH', otherAdmin, `/api/complaints/${id}`, { state: 'in_progress' })).statusCode,
    ).toBe(404);
    const ageing = (await send('GET', otherAdmin, '/api/complaints/ageing')).json().data;
    expect(ageing.buckets[0]).toEqual({ bucket: '0-7', count: 1 });
    const cards = (await send('GET', otherAdmin, '/api/dashboard/desk')).json().data;
    expect(cards.open_complaints).toBe(1);
    const memberCards = (await send('GET', s.teacher.headers, `/api/complaints/ageing`)).json().data;
    expect(memberCards.buckets[0]).toEqual({ bucket: '0-7', count: 1 });

    // The member handles it; the filer cannot change it.
    const moved = await send('PATCH', s.teacher.headers, `/api/complaints/${id}`, {
      state: 'in_progress',
      due_on: '2026-12-15',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ state: 'in_progress', due_on: '2026-12-15' });
    expect(
      (await send('PATCH', s.parent.headers, `/api/complaints/${id}`, { state: 'resolved' })).statusCode,
    ).toBe(404);
  });

  it('PostgreSQL itself hides a committee complaint from the scoped role of a non-member', async () => {
    const { s } = await school();
    await send('POST', s.parent.headers, '/api/complaints', { category: 'pocso', description: 'A report.' });
    const seen = await inInstitute(t.database.db, s.institute.id, (tx) => tx.select().from(complaints));
    expect(seen).toEqual([]);
    const asAdmin = await inInstitute(t.database.db, s.institute.id, async (tx) => {
      await tx.execute(sql`select set_config('app.user_id', ${s.admin.id}, true)`);
      return tx.select().from(complaints);
    });
    expect(asAdmin).toEqual([]);
    const asMember = await inInstitute(t.database.db, s.institute.id, async (tx) => {
      await tx.execute(sql`select set_config('app.user_id', ${s.teacher.id}, true)`);
      return tx.select().from(complaints);
    });
    expect(asMember.map((c) => c.category)).toEqual(['pocso']);
  });

  it('moves by its states only, needs the action taken to resolve, and reopens', async () => {
    const { s } = await school();
    const id = (
      await send('POST', s.admin.headers, '/api/complaints', {
        category: 'facilities',
        complainant_kind: 'staff',
        complainant_name: 'Anil Gaikwad',
        description: 'Drinking water cooler on the 2nd floor leaks.',
      })
    ).json().data.id;
    const assign = await send('PATCH', s.admin.headers, `/api/complaints/${id}`, {
      assignee_staff_id: s.teacherStaff.id,
    });
    expect(assign.json().data).toMatchObject({ state: 'assigned', assignee_name: 'Meera Joshi' });
    const illegal = await send('PATCH', s.admin.headers, `/api/complaints/${id}`, { state: 'closed' });
    expect(illegal.statusCode).toBe(409);
    expect(illegal.json().code).toBe('complaints.badTransition');
    const noAction = await send('PATCH', s.admin.headers, `/api/complaints/${id}`, { state: 'resolved' });
    expect(noAction.statusCode).toBe(400);
    expect(noAction.json().code).toBe('complaints.actionNeeded');
    const resolved = await send('PATCH', s.admin.headers, `/api/complaints/${id}`, {
      state: 'resolved',
      action_taken: 'Plumber replaced the tap.',
    });
    expect(resolved.json().data.state).toBe('resolved');
    const reopened = await send('PATCH', s.admin.headers, `/api/complaints/${id}`, { state: 'reopened' });
    expect(reopened.json().data.state).toBe('reopened');
  });

  it('a parent sees only their own complaints; committees are set by whoever holds complaints:committees', async () => {
    const { s } = await school();
    await send('POST', s.admin.headers, '/api/complaints', {
      category: 'food',
      complainant_kind: 'public',
      description: 'Canteen food cold.',
    });
    await send('POST', s.parent.headers, '/api/complaints', {
      category: 'fees',
      description: 'Receipt not given.',
    });
    expect(await listed(s.parent.headers)).toEqual(['fees']);
    const refused = await send('PUT', s.teacher.headers, '/api/complaints/committees', {
      committee: 'posh',
      staff_ids: [],
    });
    expect(refused.statusCode).toBe(403);
  });

  it('sets each committee from the admin screen, records who joined and left in their history, and moves sight with it', async () => {
    const { s } = await school();
    const [second] = await t.database.db
      .insert(staff)
      .values({
        instituteId: s.institute.id,
        employeeCode: 'T-2',
        firstName: 'Farah',
        lastName: 'Khan',
        designation: 'Counsellor',
        joiningDate: '2024-06-01',
      })
      .returning();
    if (!second) throw new Error('staff not made');
    const id = (
      await send('POST', s.parent.headers, '/api/complaints', { category: 'pocso', description: 'A report.' })
    ).json().data.id;

    // Farah joins POCSO and Meera leaves it; POSH gets Farah.
    const pocso = await send('PUT', s.admin.headers, '/api/complaints/committees', {
      committee: 'pocso',
      staff_ids: [second.id],
    });
    expect(pocso.statusCode, pocso.body).toBe(200);
    expect(pocso.json().message).toBe('Committee members saved');
    await send('PUT', s.admin.headers, '/api/complaints/committees', {
      committee: 'posh',
      staff_ids: [second.id, second.id],
    });
    const committees = (await send('GET', s.admin.headers, '/api/complaints/committees')).json().data;
    expect(committees).toEqual({
      items: [
        { committee: 'pocso', members: [{ staff_id: second.id, name: 'Farah Khan' }] },
        { committee: 'posh', members: [{ staff_id: second.id, name: 'Farah Khan' }] },
      ],
      mine: [],
    });
    // Meera no longer sees the POCSO complaint, nor may act on it.
    expect(await listed(s.teacher.headers)).toEqual([]);
    expect((await send('GET', s.teacher.headers, `/api/complaints/${id}`)).statusCode).toBe(404);

    const history = async (staffId: string) =>
      (await send('GET', s.admin.headers, `/api/staff/${staffId}/history`))
        .json()
        .data.items.map((e: { action: string; before: object; after: object }) => [
          e.action,
          e.before,
          e.after,
        ]);
    expect(await history(s.teacherStaff.id)).toEqual([
      ['committee-left', { committee: 'pocso' }, { committee: null }],
      ['committee-joined', { committee: null }, { committee: 'pocso' }],
    ]);
    expect((await history(second.id)).sort()).toEqual(
      [
        ['committee-joined', { committee: null }, { committee: 'posh' }],
        ['committee-joined', { committee: null }, { committee: 'pocso' }],
      ].sort(),
    );
    // Saving the same members again records nothing more.
    await send('PUT', s.admin.headers, '/api/complaints/committees', {
      committee: 'posh',
      staff_ids: [second.id],
    });
    expect(await history(second.id)).toHaveLength(2);

    const elsewhere = await makeSchool(t.app, 'Elsewhere');
    const foreign = await send('PUT', s.admin.headers, '/api/complaints/committees', {
      committee: 'posh',
      staff_ids: [elsewhere.teacherStaff.id],
    });
    expect([foreign.statusCode, foreign.json().errors]).toEqual([
      400,
      { staff_ids: 'Staff member not found' },
    ]);
    expect(
      (
        await send('PUT', s.parent.headers, '/api/complaints/committees', {
          committee: 'posh',
          staff_ids: [],
        })
      ).statusCode,
    ).toBe(403);
  });
});
