import { randomUUID } from 'node:crypto';
import {
  DEFAULT_RECEIPT_PREFIX,
  FEE_MESSAGES,
  type PaymentInput,
  type PaymentMode,
  receiptNumber,
} from '@schooliko/common/fees/fees';
import { financialYearOf, formatRupees } from '@schooliko/common/fees/money';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fullName } from '../../kit/names';
import type { Actor } from '../../kit/scope';
import { users } from '../../platform/auth';
import {
  createNotifications,
  type NotificationPublisher,
} from '../../platform/notifications/notifications.service';
import { nextNumber, nextNumbers } from '../../platform/numbering/numbering.service';
import { httpError } from '../../plugins/errors';
import { guardiansOf } from '../guardians';
import { findStudent } from '../students';
import { refreshDueSummaries } from './dues-summary.service';
import { feeAllocations, feeDues, feeHeads, feePayments, feeSettings } from './fees.table';
import { chargeFines } from './fine.service';
import { headJoin, OLDEST_FIRST } from './student-dues.read';

const balance =
  sql<number>`${feeDues.amountPaise} - ${feeDues.concessionPaise} - ${feeDues.paidPaise}`.mapWith(Number);

async function receiptPrefix(tx: Db, instituteId: string): Promise<string> {
  const [row] = await tx
    .select({ prefix: feeSettings.receiptPrefix })
    .from(feeSettings)
    .where(eq(feeSettings.instituteId, instituteId));
  return row?.prefix ?? DEFAULT_RECEIPT_PREFIX;
}

async function nameOf(tx: Db, userId: string): Promise<string> {
  const [u] = await tx
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return u ? `${u.first} ${u.last}`.trim() : '';
}

/** Locks the student's open dues, oldest first: two payments for one student queue here. */
async function lockOpenDues(tx: Db, instituteId: string, studentId: string, ids?: string[]) {
  return tx
    .select({ id: feeDues.id, balance })
    .from(feeDues)
    .innerJoin(feeHeads, headJoin)
    .where(
      and(
        eq(feeDues.instituteId, instituteId),
        eq(feeDues.studentId, studentId),
        ids ? inArray(feeDues.id, ids) : and(eq(feeDues.cancelled, false), gt(balance, 0)),
      ),
    )
    .orderBy(...OLDEST_FIRST)
    .for('update', { of: feeDues });
}

async function addToPaid(tx: Db, instituteId: string, parts: { dueId: string; amount: number }[]) {
  for (const p of parts)
    await tx
      .update(feeDues)
      .set({ paidPaise: sql`${feeDues.paidPaise} + ${p.amount}` })
      .where(and(eq(feeDues.instituteId, instituteId), eq(feeDues.id, p.dueId)));
}

/**
 * Posts a counter payment: allocated to the oldest dues first, the rest kept as an advance (never
 * a negative due), numbered from the institute's locked counter for this financial year, all in
 * one transaction: a failure leaves no receipt, no number used and no due changed.
 */
export async function postPayment(
  tx: Db,
  actor: Actor,
  input: PaymentInput,
  hub?: NotificationPublisher,
): Promise<{ id: string; receipt_no: string }> {
  const student = await findStudent(tx, actor, input.student_id);
  // Two payments for one student queue here, so each sees the dues the other left.
  await lockOpenDues(tx, actor.institute.id, student.id);
  const [posted] = await postPayments(tx, actor, [{ ...input, student_id: student.id }]);
  if (!posted) throw new Error('payment not posted');
  if (hub) {
    // The guardians who sign in hear of it in the app (a parent's "payment" notices, spec 2.13).
    const guardians = (await guardiansOf(tx, actor.institute.id, [student.id])).get(student.id) ?? [];
    const recipients = [...new Set(guardians.flatMap((g) => (g.userId ? [g.userId] : [])))];
    await createNotifications(
      tx,
      hub,
      recipients.map((recipientId) => ({
        instituteId: actor.institute.id,
        recipientId,
        type: 'info' as const,
        title: 'Payment received',
        message: `${formatRupees(input.amount_paise)} received for ${fullName(student)}: receipt ${posted.receipt_no}.`,
        eventType: FEE_RECEIPT_EVENT,
        eventId: posted.id,
      })),
    );
  }
  return { id: posted.id, receipt_no: posted.receipt_no };
}

/** The notification event of a posted receipt (a parent's home files it under payments). */
export const FEE_RECEIPT_EVENT = 'fee-receipt';

/**
 * Posts payments of different students in a few statements (the counter posts one; the demo
 * seed a quarter's receipts at once): numbers taken as one block of the series in the given
 * order, each payment spread over its student's open dues oldest first (due date, instalment,
 * head code, id), the rest kept as the student's advance. At most one payment per student per
 * call: each is spread over the dues as they stood before the call. The caller has checked the
 * students are visible to it.
 */
export async function postPayments(
  tx: Db,
  actor: Actor,
  inputs: PaymentInput[],
  paidOn: string = todayInIndia(),
): Promise<{ id: string; student_id: string; receipt_no: string }[]> {
  if (inputs.length === 0) return [];
  if (new Set(inputs.map((p) => p.student_id)).size !== inputs.length)
    throw new Error('postPayments takes at most one payment per student');
  const i = actor.institute.id;
  // Fines as of the day become dues of the Fine head first, so the spreading below pays them.
  await chargeFines(
    tx,
    i,
    inputs.map((p) => p.student_id),
    paidOn,
  );
  const fy = financialYearOf(paidOn);
  // The dues are paid and their summaries refreshed first; the receipts are numbered and written
  // last. The institute's counter row stays locked from the numbering to the commit, so the less
  // that runs after it, the more of an institute's payments post at once (issue 33). Each
  // receipt's id is chosen here, so its allocations are known before it is written.
  const rows = inputs.map((p) => ({ ...p, id: randomUUID() }));
  const spread = await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(id uuid, student_id uuid, amount_paise bigint)),
    open as (
      select d.id, d.student_id, d.amount_paise - d.concession_paise - d.paid_paise as balance,
        coalesce(sum(d.amount_paise - d.concession_paise - d.paid_paise) over (partition by d.student_id
          order by d.due_on, d.seq, h.code, d.id rows between unbounded preceding and 1 preceding), 0) as before
      from fee_dues d join fee_heads h on h.institute_id = d.institute_id and h.id = d.head_id
      where d.institute_id = ${i} and not d.cancelled and d.amount_paise - d.concession_paise - d.paid_paise > 0
        and d.student_id in (select student_id from input)),
    owed as (select student_id, sum(balance) as total from open group by student_id),
    spread as (
      select x.id as payment_id, o.id as due_id, least(o.balance, x.amount_paise - o.before) as amount_paise
      from input x join open o on o.student_id = x.student_id
      where x.amount_paise > o.before),
    paid as (
      update fee_dues d set paid_paise = d.paid_paise + s.amount_paise
      from spread s where d.institute_id = ${i} and d.id = s.due_id
      returning 1)
    select x.id, coalesce(w.total, 0)::bigint as owed,
      (select coalesce(jsonb_agg(jsonb_build_object('due_id', s.due_id, 'amount_paise', s.amount_paise)), '[]')
        from spread s where s.payment_id = x.id) as allocations
    from input x left join owed w on w.student_id = x.student_id`);
  const owing = new Map(
    (spread as unknown as { rows: { id: string; owed: string | number; allocations: unknown }[] }).rows.map(
      (r) => [r.id, { owed: Number(r.owed), allocations: r.allocations }],
    ),
  );
  await refreshDueSummaries(
    tx,
    i,
    inputs.map((p) => p.student_id),
  );
  const collectedBy = await nameOf(tx, actor.userId);
  const prefix = await receiptPrefix(tx, i);
  const first = await nextNumbers(tx, i, 'fee-receipt', fy, inputs.length);
  const receipts = rows.map((r, n) => ({
    ...r,
    receipt_no: receiptNumber(prefix, fy, first + n),
    owed: owing.get(r.id)?.owed ?? 0,
    allocations: owing.get(r.id)?.allocations ?? [],
  }));
  await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(receipts)}::jsonb)
        as x(id uuid, student_id uuid, amount_paise bigint, mode text, reference text, receipt_no text,
          owed bigint, allocations jsonb)),
    posted as (
      insert into fee_payments (id, institute_id, kind, receipt_no, financial_year, student_id, paid_on,
        amount_paise, advance_paise, balance_after_paise, mode, reference, collected_by, collected_by_name)
      select x.id, ${i}, 'receipt', x.receipt_no, ${fy}, x.student_id, ${paidOn}, x.amount_paise,
        greatest(x.amount_paise - x.owed, 0), greatest(x.owed - x.amount_paise, 0),
        x.mode, x.reference, ${actor.userId}, ${collectedBy}
      from input x
      returning id)
    insert into fee_allocations (institute_id, payment_id, due_id, amount_paise)
    select ${i}, p.id, (a->>'due_id')::uuid, (a->>'amount_paise')::bigint
    from posted p join input x on x.id = p.id cross join lateral jsonb_array_elements(x.allocations) a`);
  return receipts.map((r) => ({ id: r.id, student_id: r.student_id, receipt_no: r.receipt_no }));
}

/**
 * Cancels a receipt by posting its reversal: a row of its own number that points to the receipt,
 * negates its amount, advance and allocations, and gives the dues back. The receipt is not
 * changed and its number stays used. A second cancel is refused (409), even at the same moment
 * (the unique index on `reverses_id`).
 */
export async function cancelPayment(
  tx: Db,
  actor: Actor,
  id: string,
  reason: string,
  options: { bounced?: boolean; modes?: readonly PaymentMode[] } = {},
): Promise<{ reversalId: string; studentId: string; receiptNo: string }> {
  const i = actor.institute.id;
  const [receipt] = await tx
    .select()
    .from(feePayments)
    .where(and(eq(feePayments.instituteId, i), eq(feePayments.id, id), eq(feePayments.kind, 'receipt')));
  if (!receipt) throw httpError(404, FEE_MESSAGES.paymentNotFound);
  if (options.modes && !options.modes.includes(receipt.mode as PaymentMode))
    throw httpError(409, FEE_MESSAGES.notCheque);
  await findStudent(tx, actor, receipt.studentId).catch(() => {
    throw httpError(404, FEE_MESSAGES.paymentNotFound);
  });
  const allocations = await tx
    .select({ dueId: feeAllocations.dueId, amount: feeAllocations.amountPaise })
    .from(feeAllocations)
    .where(and(eq(feeAllocations.instituteId, i), eq(feeAllocations.paymentId, id)));
  await lockOpenDues(
    tx,
    i,
    receipt.studentId,
    allocations.map((a) => a.dueId),
  );
  const fy = financialYearOf(todayInIndia());
  const prefix = `${await receiptPrefix(tx, i)}-R`;
  const [reversal] = await tx
    .insert(feePayments)
    .values({
      instituteId: i,
      kind: 'reversal',
      receiptNo: receiptNumber(prefix, fy, await nextNumber(tx, i, 'fee-reversal', fy)),
      financialYear: fy,
      studentId: receipt.studentId,
      paidOn: todayInIndia(),
      amountPaise: -receipt.amountPaise,
      advancePaise: -receipt.advancePaise,
      mode: receipt.mode,
      reference: receipt.reference,
      collectedBy: actor.userId,
      collectedByName: await nameOf(tx, actor.userId),
      reversesId: receipt.id,
      reason,
      bounced: options.bounced ?? false,
    })
    .onConflictDoNothing()
    .returning({ id: feePayments.id });
  if (!reversal) throw httpError(409, FEE_MESSAGES.alreadyCancelled);
  if (allocations.length > 0)
    await tx.insert(feeAllocations).values(
      allocations.map((a) => ({
        instituteId: i,
        paymentId: reversal.id,
        dueId: a.dueId,
        amountPaise: -a.amount,
      })),
    );
  await addToPaid(
    tx,
    i,
    allocations.map((a) => ({ dueId: a.dueId, amount: -a.amount })),
  );
  await refreshDueSummaries(tx, i, [receipt.studentId]);
  return { reversalId: reversal.id, studentId: receipt.studentId, receiptNo: receipt.receiptNo };
}

/** The prefix of transfer numbers ("CF/2026-27/00001"): a series of its own, never a receipt's. */
export const TRANSFER_PREFIX = 'CF';

/**
 * Closes the students' open dues of a year by a non-cash transfer: per student with a balance, one
 * ledger row of kind `transfer` (its own gap-free number, the total closed, no cash: collection
 * reports count receipts only) spread over those dues, which it pays off. The caller puts the
 * total on a new due elsewhere (carry-forward). The dues are locked first, so a payment at the
 * same moment waits and then finds them closed. Answers one row per student transferred.
 */
export async function transferBalances(
  tx: Db,
  actor: Actor,
  yearId: string,
  studentIds: string[],
  reference: string,
): Promise<{ student_id: string; id: string; receipt_no: string; amount_paise: number }[]> {
  if (studentIds.length === 0) return [];
  const i = actor.institute.id;
  const inYear = and(
    eq(feeDues.instituteId, i),
    eq(feeDues.academicYearId, yearId),
    inArray(feeDues.studentId, studentIds),
    eq(feeDues.cancelled, false),
    gt(balance, 0),
  );
  const locked = await tx
    .select({ studentId: feeDues.studentId, balance })
    .from(feeDues)
    .where(inYear)
    .orderBy(asc(feeDues.studentId), asc(feeDues.dueOn), asc(feeDues.seq), asc(feeDues.id))
    .for('update');
  const owing = [...new Set(locked.map((d) => d.studentId))];
  if (owing.length === 0) return [];
  const today = todayInIndia();
  const fy = financialYearOf(today);
  const first = await nextNumbers(tx, i, 'fee-transfer', fy, owing.length);
  const input = owing.map((studentId, n) => ({
    student_id: studentId,
    receipt_no: receiptNumber(TRANSFER_PREFIX, fy, first + n),
  }));
  const result = await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(student_id uuid, receipt_no text)),
    open as (
      select d.id, d.student_id, d.amount_paise - d.concession_paise - d.paid_paise as balance
      from fee_dues d
      where d.institute_id = ${i} and d.academic_year_id = ${yearId}::uuid and not d.cancelled
        and d.amount_paise - d.concession_paise - d.paid_paise > 0
        and d.student_id in (select student_id from input)),
    owed as (select student_id, sum(balance) as total from open group by student_id),
    posted as (
      insert into fee_payments (institute_id, kind, receipt_no, financial_year, student_id, paid_on,
        amount_paise, advance_paise, mode, reference, collected_by, collected_by_name, reason)
      select ${i}, 'transfer', x.receipt_no, ${fy}, x.student_id, ${today}, w.total, 0, 'transfer',
        ${reference}, ${actor.userId}, ${await nameOf(tx, actor.userId)}, 'Carried forward'
      from input x join owed w on w.student_id = x.student_id
      returning id, student_id, amount_paise, receipt_no),
    spread as (
      insert into fee_allocations (institute_id, payment_id, due_id, amount_paise)
      select ${i}, p.id, o.id, o.balance from posted p join open o on o.student_id = p.student_id
      returning due_id, amount_paise),
    paid as (
      update fee_dues d set paid_paise = d.paid_paise + s.amount_paise
      from spread s where d.institute_id = ${i} and d.id = s.due_id
      returning 1)
    select id, student_id, amount_paise::bigint as amount_paise, receipt_no, (select count(*) from paid) as n from posted`);
  await refreshDueSummaries(tx, i, owing);
  return (
    result as unknown as {
      rows: { id: string; student_id: string; receipt_no: string; amount_paise: string }[];
    }
  ).rows
    .map((r) => ({
      id: r.id,
      student_id: r.student_id,
      receipt_no: r.receipt_no,
      amount_paise: Number(r.amount_paise),
    }))
    .sort((a, b) => a.receipt_no.localeCompare(b.receipt_no));
}
