import {
  DEFAULT_RECEIPT_PREFIX,
  type DuesAnswer,
  FEE_MESSAGES,
  type PaymentInput,
  receiptNumber,
} from '@schooliko/common/fees/fees';
import { financialYearOf, todayInIndia } from '@schooliko/common/fees/money';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { users } from '../auth/auth.table';
import { nextNumber } from '../numbering/numbering.service';
import { findStudent } from '../students/students.read';
import { feeAllocations, feeDues, feeHeads, feePayments, feeSettings } from './fees.table';

const balance =
  sql<number>`${feeDues.amountPaise} - ${feeDues.concessionPaise} - ${feeDues.paidPaise}`.mapWith(Number);
/** Oldest first: by due date, then instalment, then head code. Payments and reversals lock in this order. */
const OLDEST_FIRST = [asc(feeDues.dueOn), asc(feeDues.seq), asc(feeHeads.code), asc(feeDues.id)];
const headJoin = and(eq(feeHeads.instituteId, feeDues.instituteId), eq(feeHeads.id, feeDues.headId));

/** The student's dues (not cancelled), oldest first, with what is paid and what is left. */
export async function duesOf(tx: Db, actor: Actor, studentId: string): Promise<DuesAnswer> {
  const student = await findStudent(tx, actor, studentId);
  const rows = await tx
    .select({ d: feeDues, name: feeHeads.name, code: feeHeads.code })
    .from(feeDues)
    .innerJoin(feeHeads, headJoin)
    .where(
      and(
        eq(feeDues.instituteId, actor.institute.id),
        eq(feeDues.studentId, student.id),
        eq(feeDues.cancelled, false),
      ),
    )
    .orderBy(...OLDEST_FIRST);
  const items = rows.map(({ d, name, code }) => {
    const left = d.amountPaise - d.concessionPaise - d.paidPaise;
    return {
      id: d.id,
      student_id: d.studentId,
      head_id: d.headId,
      head_name: name,
      head_code: code,
      instalment: d.instalment,
      due_on: d.dueOn,
      amount_paise: d.amountPaise,
      concession_paise: d.concessionPaise,
      paid_paise: d.paidPaise,
      balance_paise: left,
      status: left <= 0 ? ('paid' as const) : d.paidPaise > 0 ? ('partly-paid' as const) : ('due' as const),
    };
  });
  return {
    items,
    total_due_paise: items.reduce((sum, d) => sum + d.balance_paise, 0),
    advance_paise: await advanceOf(tx, actor.institute.id, student.id),
  };
}

/** What the student paid beyond their dues (receipts' advances less their reversals'). */
async function advanceOf(tx: Db, instituteId: string, studentId: string): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<number>`coalesce(sum(${feePayments.advancePaise}), 0)`.mapWith(Number) })
    .from(feePayments)
    .where(and(eq(feePayments.instituteId, instituteId), eq(feePayments.studentId, studentId)));
  return row?.sum ?? 0;
}

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
): Promise<{ id: string; receipt_no: string }> {
  const i = actor.institute.id;
  const student = await findStudent(tx, actor, input.student_id);
  const open = await lockOpenDues(tx, i, student.id);
  let left = input.amount_paise;
  const parts: { dueId: string; amount: number }[] = [];
  for (const due of open) {
    if (left === 0) break;
    const amount = Math.min(left, due.balance);
    parts.push({ dueId: due.id, amount });
    left -= amount;
  }
  const today = todayInIndia();
  const fy = financialYearOf(today);
  const receiptNo = receiptNumber(await receiptPrefix(tx, i), fy, await nextNumber(tx, i, 'fee-receipt', fy));
  const [payment] = await tx
    .insert(feePayments)
    .values({
      instituteId: i,
      kind: 'receipt',
      receiptNo,
      financialYear: fy,
      studentId: student.id,
      paidOn: today,
      amountPaise: input.amount_paise,
      advancePaise: left,
      mode: input.mode,
      reference: input.reference,
      collectedBy: actor.userId,
      collectedByName: await nameOf(tx, actor.userId),
    })
    .returning({ id: feePayments.id });
  if (!payment) throw new Error('payment not posted');
  if (parts.length > 0)
    await tx
      .insert(feeAllocations)
      .values(
        parts.map((p) => ({ instituteId: i, paymentId: payment.id, dueId: p.dueId, amountPaise: p.amount })),
      );
  await addToPaid(tx, i, parts);
  return { id: payment.id, receipt_no: receiptNo };
}

/**
 * Cancels a receipt by posting its reversal: a row of its own number that points to the receipt,
 * negates its amount, advance and allocations, and gives the dues back. The receipt is not
 * changed and its number stays used. A second cancel is refused (409), even at the same moment
 * (the unique index on `reverses_id`).
 */
export async function cancelPayment(tx: Db, actor: Actor, id: string, reason: string): Promise<void> {
  const i = actor.institute.id;
  const [receipt] = await tx
    .select()
    .from(feePayments)
    .where(and(eq(feePayments.instituteId, i), eq(feePayments.id, id), eq(feePayments.kind, 'receipt')));
  if (!receipt) throw httpError(404, FEE_MESSAGES.paymentNotFound);
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
}
