import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { feesKit } from './fees.testing';

const t = useTestApp();

const { send, billedSchool, accountantOf, approveRule, generate, dues, pay } = feesKit(() => t);
const db = () => t.app.database.db;
const concessions = async (headers: Record<string, string>, studentId: string) =>
  (await dues(headers, studentId)).items.map((d) => [
    d.instalment,
    d.head_code,
    d.concession_paise,
    d.balance_paise,
  ]);

async function register(headers: Record<string, string>, studentId: string) {
  const res = await send('GET', headers, `/api/fees/concessions/register?student_id=${studentId}`);
  expect(res.statusCode).toBe(200);
  return res.json().data.items as {
    amount_paise: number;
    basis: string;
    head_name: string;
    proposed_by: string;
    approved_by: string;
    applied_by: string;
  }[];
}

type School = Awaited<ReturnType<typeof billedSchool>>;

/** A rule the admin proposes (nothing applied yet) and the director approves. */
async function addRule(s: School, body: object) {
  const res = await send('POST', s.admin.headers, '/api/fees/concessions/rules', body);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().data).toMatchObject({ approval: 'pending', applied_paise: 0, proposed_by_me: true });
  return approveRule(s, res.json().data.id);
}

describe('concession rules', () => {
  it('makes an RTE seat free: 100% of every head, recorded, and billing again adds nothing', async () => {
    const s = await billedSchool();
    await db().execute(sql`update students set rte = true where id = ${s.students.child.id}`);
    const rule = await addRule(s, {
      name: 'RTE 25%',
      basis: 'rte',
      head_id: null,
      kind: 'percent',
      value: 100,
    });
    expect(rule.applied_paise).toBe(1200000);
    const d = await dues(s.admin.headers, s.students.child.id);
    expect(d.items.map((x) => [x.head_code, x.concession_paise, x.balance_paise])).toEqual([
      ['ANN', 200000, 0],
      ['TUI', 500000, 0],
      ['TUI', 500000, 0],
    ]);
    expect(d.total_due_paise).toBe(0);
    // Kabir is not RTE: nothing off.
    expect((await dues(s.admin.headers, s.students.other.id)).total_due_paise).toBe(1200000);
    const rows = await register(s.admin.headers, s.students.child.id);
    expect(rows.map((r) => [r.basis, r.amount_paise]).sort()).toEqual([
      ['rte', 200000],
      ['rte', 500000],
      ['rte', 500000],
    ]);
    expect(rows[0]).toMatchObject({
      proposed_by: expect.stringMatching(/^Test admin/),
      approved_by: expect.stringMatching(/^Test director/),
    });
    expect(rows[0]?.applied_by).toMatch(/^Test director/);

    // Kabir becomes an RTE pupil: billing gives his dues the concession; running it again adds nothing.
    await db().execute(sql`update students set rte = true where id = ${s.students.other.id}`);
    await generate(s.admin.headers, [s.structure.id]);
    await generate(s.admin.headers, [s.structure.id]);
    expect((await dues(s.admin.headers, s.students.other.id)).total_due_paise).toBe(0);
    expect(await register(s.admin.headers, s.students.other.id)).toHaveLength(3);
    expect(await register(s.admin.headers, s.students.child.id)).toHaveLength(3);

    // The claim: the lower of the State's per-child cost and the school fee.
    const cost = await send('PUT', s.admin.headers, '/api/fees/concessions/rte-settings', {
      per_child_cost_paise: 1000000,
    });
    expect(cost.statusCode).toBe(200);
    const claim = (await send('GET', s.admin.headers, '/api/fees/concessions/rte-claim')).json().data;
    expect(
      claim.items.map((r: { student_name: string; fee_waived_paise: number; claim_paise: number }) => [
        r.student_name,
        r.fee_waived_paise,
        r.claim_paise,
      ]),
    ).toEqual([
      ['Ananya Deshpande', 1200000, 1000000],
      ['Kabir Shaikh', 1200000, 1000000],
    ]);
    expect(claim.total_claim_paise).toBe(2000000);
    const csv = await send('GET', s.admin.headers, '/api/fees/concessions/rte-claim?format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('VII,2026/001,Ananya Deshpande,12000,12000,10000');
    const xlsx = await send('GET', s.admin.headers, '/api/fees/concessions/rte-claim?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('gives the second child of a family its percentage, never below what is already paid', async () => {
    const s = await billedSchool();
    const [family] = (
      (await db().execute(
        sql`insert into families (institute_id, name) values (${s.institute.id}, 'Deshpande') returning id`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    await db().execute(sql`update students set family_id = ${family?.id}::uuid, date_of_birth = '2013-01-05'
      where id = ${s.students.child.id}`);
    await db().execute(sql`update students set family_id = ${family?.id}::uuid, date_of_birth = '2015-08-01'
      where id = ${s.students.other.id}`);
    // Kabir (the younger: second child) has paid all but ₹100 of Term 1's tuition.
    await pay(s.admin.headers, s.students.other.id, 690000);
    await addRule(s, {
      name: 'Second child',
      basis: 'sibling',
      sibling_rank: 2,
      head_id: s.heads.tuition.id,
      kind: 'percent',
      value: 10,
    });
    expect(await concessions(s.admin.headers, s.students.other.id)).toEqual([
      ['Term 1', 'ANN', 0, 0],
      ['Term 1', 'TUI', 10000, 0],
      ['Term 2', 'TUI', 50000, 450000],
    ]);
    expect(await concessions(s.admin.headers, s.students.child.id)).toEqual([
      ['Term 1', 'ANN', 0, 200000],
      ['Term 1', 'TUI', 0, 500000],
      ['Term 2', 'TUI', 0, 500000],
    ]);
  });

  it('names staff wards, and takes a fixed amount per due', async () => {
    const s = await billedSchool();
    const rule = await addRule(s, {
      name: 'Staff ward',
      basis: 'staff_ward',
      head_id: s.heads.tuition.id,
      kind: 'fixed',
      value: 150000,
    });
    expect(rule.applied_paise).toBe(0);
    const named = await send('POST', s.admin.headers, `/api/fees/concessions/rules/${rule.id}/students`, {
      student_ids: [s.students.other.id],
    });
    expect(named.json().data).toMatchObject({ students: 0, pending_students: 1, applied_paise: 0 });
    expect((await dues(s.admin.headers, s.students.other.id)).total_due_paise).toBe(1200000);
    expect(await approveRule(s, rule.id)).toMatchObject({ students: 1, applied_paise: 300000 });
    expect((await dues(s.admin.headers, s.students.other.id)).total_due_paise).toBe(900000);
  });
});

describe('a waiver takes two people (issue 27)', () => {
  it("the accountant's 100% merit rule and the pupil named on it waive nothing until someone else approves", async () => {
    const s = await billedSchool();
    const accountant = await accountantOf(s);
    const child = s.students.child.id;
    const made = await send('POST', accountant.headers, '/api/fees/concessions/rules', {
      name: 'Full merit',
      basis: 'merit',
      head_id: null,
      kind: 'percent',
      value: 100,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().message).toBe('Concession rule sent for approval');
    const id = made.json().data.id;
    const named = await send('POST', accountant.headers, `/api/fees/concessions/rules/${id}/students`, {
      student_ids: [child],
    });
    expect(named.json().data).toMatchObject({ approval: 'pending', pending_students: 1, applied_paise: 0 });
    expect((await dues(s.admin.headers, child)).total_due_paise).toBe(1200000);
    // Billing again does not apply a rule that waits either.
    await generate(s.admin.headers, [s.structure.id]);
    expect((await dues(s.admin.headers, child)).total_due_paise).toBe(1200000);

    const review = (headers: Record<string, string>, decision = 'approved') =>
      send('POST', headers, `/api/fees/concessions/rules/${id}/review`, { decision });
    expect((await review(accountant.headers)).statusCode).toBe(403);
    const approved = await review(s.admin.headers);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe('Concession rule approved and applied');
    expect(approved.json().data).toMatchObject({ approval: 'approved', students: 1, applied_paise: 1200000 });
    expect((await dues(s.admin.headers, child)).total_due_paise).toBe(0);
    const [row] = await register(s.admin.headers, child);
    expect([row?.proposed_by, row?.approved_by]).toEqual([
      expect.stringMatching(/^Test accountant/),
      expect.stringMatching(/^Test admin/),
    ]);
    const again = await review(s.director.headers);
    expect([again.statusCode, again.json().code]).toEqual([409, 'fees.nothingPending']);
  });

  it('nobody approves their own proposal: a rule, a new amount, a name, an ad-hoc concession', async () => {
    const s = await billedSchool();
    const other = s.students.other.id;
    const made = await send('POST', s.admin.headers, '/api/fees/concessions/rules', {
      name: 'Staff ward',
      basis: 'staff_ward',
      head_id: s.heads.tuition.id,
      kind: 'fixed',
      value: 100000,
    });
    const id = made.json().data.id;
    const review = (headers: Record<string, string>, decision = 'approved') =>
      send('POST', headers, `/api/fees/concessions/rules/${id}/review`, { decision });
    const own = await review(s.admin.headers);
    expect([own.statusCode, own.json().code]).toEqual([403, 'fees.selfApproval']);
    // The director changes its amount while unused: the change is theirs, so the admin approves it.
    const raised = await send('PATCH', s.director.headers, `/api/fees/concessions/rules/${id}`, {
      value: 150000,
    });
    expect(raised.json()).toMatchObject({
      message: 'Concession rule saved; it waits for approval',
      data: { approval: 'pending', proposed_by_me: true },
    });
    expect((await review(s.director.headers)).statusCode).toBe(403);
    expect((await review(s.admin.headers)).statusCode).toBe(200);
    // The director names Kabir; the director may not approve that, the admin rejects it.
    await send('POST', s.director.headers, `/api/fees/concessions/rules/${id}/students`, {
      student_ids: [other],
    });
    expect((await review(s.director.headers)).statusCode).toBe(403);
    const rejected = await review(s.admin.headers, 'rejected');
    expect(rejected.json()).toMatchObject({
      message: 'Concession rule rejected',
      data: { approval: 'approved', students: 0, pending_students: 0, applied_paise: 0 },
    });
    expect((await dues(s.admin.headers, other)).total_due_paise).toBe(1200000);

    const asked = await send('POST', s.admin.headers, '/api/fees/concessions/requests', {
      student_id: other,
      head_id: null,
      kind: 'fixed',
      value: 50000,
      reason: 'Flood-affected family',
    });
    expect(asked.json().data.requested_by_me).toBe(true);
    const self = await send(
      'POST',
      s.admin.headers,
      `/api/fees/concessions/requests/${asked.json().data.id}/review`,
      {
        decision: 'approved',
      },
    );
    expect([self.statusCode, self.json().code]).toEqual([403, 'fees.selfApproval']);
    expect((await dues(s.admin.headers, other)).total_due_paise).toBe(1200000);
  });
});

describe('ad-hoc concessions', () => {
  it('applies only when an admin approves, once', async () => {
    const s = await billedSchool();
    const child = s.students.child.id;
    const asked = await send('POST', s.admin.headers, '/api/fees/concessions/requests', {
      student_id: child,
      head_id: s.heads.annual.id,
      kind: 'fixed',
      value: 50000,
      reason: 'Flood-affected family',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().data.id;
    expect(asked.json().data.state).toBe('pending');
    expect((await dues(s.admin.headers, child)).total_due_paise).toBe(1200000);
    // A teacher may not approve.
    const teacher = await send('POST', s.teacher.headers, `/api/fees/concessions/requests/${id}/review`, {
      decision: 'approved',
    });
    expect(teacher.statusCode).toBe(403);
    const ok = await send('POST', s.director.headers, `/api/fees/concessions/requests/${id}/review`, {
      decision: 'approved',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ state: 'approved', applied_paise: 50000 });
    expect((await dues(s.admin.headers, child)).total_due_paise).toBe(1150000);
    const again = await send('POST', s.admin.headers, `/api/fees/concessions/requests/${id}/review`, {
      decision: 'rejected',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('fees.requestReviewed');
    expect(
      (await register(s.admin.headers, child)).map((r) => [r.basis, r.head_name, r.amount_paise]),
    ).toEqual([['ad_hoc', 'Annual Charges', 50000]]);
  });
});
