import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { type Actor, inInstitute } from '../../kit/scope';
import { actorForJob } from '../../platform/jobs/jobs.actor';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { feeDues } from './fees.table';
import { feesKit } from './fees.testing';
import { type ChargeInput, cancelCharges, charge } from './index';

const t = useTestApp();
const { addHead, dues, pay } = feesKit(() => t);

type School = Awaited<ReturnType<typeof makeSchool>>;

/** The school's admin as a service sees them, and its transaction. */
async function asAdmin<T>(s: School, work: (tx: Db, actor: Actor) => Promise<T>): Promise<T> {
  const db = t.database.db;
  const actor = await actorForJob(db, s.institute.id, { userId: s.admin.id, role: 'admin', jobSets: [] });
  return inInstitute(db, s.institute.id, (tx) => work(tx, actor));
}

/** Every due of a source, as stored. */
const duesOf = (s: School, sourceId: string) =>
  t.database.db
    .select({
      student: feeDues.studentId,
      kind: feeDues.sourceKind,
      source: feeDues.sourceId,
      head: feeDues.headId,
      seq: feeDues.seq,
      label: feeDues.instalment,
      dueOn: feeDues.dueOn,
      amount: feeDues.amountPaise,
      paid: feeDues.paidPaise,
      cancelled: feeDues.cancelled,
    })
    .from(feeDues)
    .where(and(eq(feeDues.instituteId, s.institute.id), eq(feeDues.sourceId, sourceId)))
    .orderBy(asc(feeDues.studentId), asc(feeDues.seq));

describe('charge: how other modules bill a pupil', () => {
  it('stores the typed source and bills once per source, student, head and instalment', async () => {
    const s = await makeSchool(t.app);
    const bus = await addHead(s.admin.headers, 'BUS', 'Bus Fee', 'transport');
    const route = randomUUID();
    const april: ChargeInput = {
      source: { kind: 'transport', id: route },
      student: s.students.child.id,
      head: bus.id,
      amount_paise: 120000,
      due_date: '2026-04-15',
      label: 'Bus April',
    };
    const first = await asAdmin(s, (tx, actor) => charge(tx, actor, april));
    expect(first).toEqual({
      id: expect.any(String),
      source: { kind: 'transport', id: route },
      student_id: s.students.child.id,
      head_id: bus.id,
      academic_year_id: s.year.id,
      seq: 0,
      label: 'Bus April',
      due_on: '2026-04-15',
      amount_paise: 120000,
      paid_paise: 0,
      cancelled: false,
    });
    // Again, even with another amount: nothing changes, the due that exists is the answer.
    const again = await asAdmin(s, (tx, actor) => charge(tx, actor, { ...april, amount_paise: 99900 }));
    expect(again).toEqual(first);
    // The source's next instalment is a due of its own.
    const may = await asAdmin(s, (tx, actor) =>
      charge(tx, actor, { ...april, seq: 1, due_date: '2026-05-15', label: 'Bus May' }),
    );
    expect(may.id).not.toBe(first.id);
    expect(await duesOf(s, route)).toEqual([
      {
        student: s.students.child.id,
        kind: 'transport',
        source: route,
        head: bus.id,
        seq: 0,
        label: 'Bus April',
        dueOn: '2026-04-15',
        amount: 120000,
        paid: 0,
        cancelled: false,
      },
      {
        student: s.students.child.id,
        kind: 'transport',
        source: route,
        head: bus.id,
        seq: 1,
        label: 'Bus May',
        dueOn: '2026-05-15',
        amount: 120000,
        paid: 0,
        cancelled: false,
      },
    ]);
    // The pupil owes it like any fee.
    const owed = await dues(s.admin.headers, s.students.child.id);
    expect(owed.items.map((d) => [d.head_code, d.instalment, d.balance_paise])).toEqual([
      ['BUS', 'Bus April', 120000],
      ['BUS', 'Bus May', 120000],
    ]);
  });

  it('cancelling the source cancels the unpaid dues and leaves the paid and part-paid ones', async () => {
    const s = await makeSchool(t.app);
    const hostel = await addHead(s.admin.headers, 'HST', 'Hostel Fee', 'hostel');
    const room = randomUUID();
    const { child, other, older } = s.students;
    const made = await asAdmin(s, async (tx, actor) => {
      const out = [];
      for (const student of [child, other, older])
        out.push(
          await charge(tx, actor, {
            source: { kind: 'hostel', id: room },
            student: student.id,
            head: hostel.id,
            amount_paise: 500000,
            due_date: '2026-04-20',
            label: 'Hostel Term 1',
          }),
        );
      return out;
    });
    const [paid, partPaid, unpaid] = made.map((c) => c.id);
    await pay(s.admin.headers, child.id, 500000);
    await pay(s.admin.headers, other.id, 200000);

    const result = await asAdmin(s, (tx, actor) => cancelCharges(tx, actor, { kind: 'hostel', id: room }));
    expect(result.cancelled).toEqual([unpaid]);
    expect(new Set(result.kept.map((k) => k.id))).toEqual(new Set([paid, partPaid]));
    expect(result.kept.find((k) => k.id === paid)).toEqual({
      id: paid,
      student_id: child.id,
      paid_paise: 500000,
    });
    expect(result.kept.find((k) => k.id === partPaid)).toEqual({
      id: partPaid,
      student_id: other.id,
      paid_paise: 200000,
    });
    const stored = new Map((await duesOf(s, room)).map((d) => [d.student, [d.paid, d.cancelled]]));
    expect(Object.fromEntries(stored)).toEqual({
      [child.id]: [500000, false],
      [other.id]: [200000, false],
      [older.id]: [0, true],
    });
    // The unpaid pupil owes nothing now; the part-paid one still owes the rest.
    expect((await dues(s.admin.headers, older.id)).items).toEqual([]);
    expect((await dues(s.admin.headers, other.id)).total_due_paise).toBe(300000);

    // Again: nothing more to cancel. Charging the cancelled source again bills nothing new.
    const twice = await asAdmin(s, (tx, actor) => cancelCharges(tx, actor, { kind: 'hostel', id: room }));
    expect(twice.cancelled).toEqual([]);
    expect(twice.kept.map((k) => k.id).sort()).toEqual([paid, partPaid].sort());
    const recharged = await asAdmin(s, (tx, actor) =>
      charge(tx, actor, {
        source: { kind: 'hostel', id: room },
        student: older.id,
        head: hostel.id,
        amount_paise: 500000,
        due_date: '2026-04-20',
        label: 'Hostel Term 1',
      }),
    );
    expect(recharged).toMatchObject({ id: unpaid, cancelled: true });
  });

  it("refuses another institute's student or head, and an amount that is not whole paise", async () => {
    const a = await makeSchool(t.app, 'A');
    const b = await makeSchool(t.app, 'B');
    const busA = await addHead(a.admin.headers, 'BUS', 'Bus Fee', 'transport');
    const busB = await addHead(b.admin.headers, 'BUS', 'Bus Fee', 'transport');
    const source = { kind: 'transport' as const, id: randomUUID() };
    const input = {
      source,
      student: a.students.child.id,
      head: busA.id,
      amount_paise: 120000,
      due_date: '2026-04-15',
      label: 'Bus April',
    };
    const refused = (extra: Partial<ChargeInput>) =>
      asAdmin(a, (tx, actor) => charge(tx, actor, { ...input, ...extra })).then(
        () => undefined,
        (e: { statusCode?: number; message?: string }) => [e.statusCode, e.message],
      );
    expect(await refused({ student: b.students.child.id })).toEqual([404, 'Student not found']);
    expect(await refused({ head: busB.id })).toEqual([404, 'Fee type not found']);
    expect(await refused({ amount_paise: 1200.5 })).toEqual([
      400,
      'Enter an amount in paise greater than zero',
    ]);
    expect(await refused({ amount_paise: 0 })).toEqual([400, 'Enter an amount in paise greater than zero']);
    expect(await duesOf(a, source.id)).toEqual([]);
    expect(await duesOf(b, source.id)).toEqual([]);
    // Cancelling from A touches nothing of B's.
    const bDue = await asAdmin(b, (tx, actor) =>
      charge(tx, actor, { ...input, student: b.students.child.id, head: busB.id }),
    );
    expect(await asAdmin(a, (tx, actor) => cancelCharges(tx, actor, source))).toEqual({
      cancelled: [],
      kept: [],
    });
    expect((await duesOf(b, source.id)).map((d) => d.cancelled)).toEqual([false]);
    expect(bDue.cancelled).toBe(false);
  });
});
