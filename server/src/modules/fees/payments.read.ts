import {
  FEE_MESSAGES,
  type Payment,
  type PaymentListQuery,
  type PaymentMode,
} from '@schooliko/common/fees/fees';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { listPage, orderFor, searchIn, totalRows } from '../../kit/list-page';
import { fullName } from '../../kit/names';
import type { Actor } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { classes, sections } from '../classes';
import { classJoin, sectionJoin, students, visibleStudents } from '../students';
import { feeAllocations, feeDues, feeHeads, feePayments } from './fees.table';

/** The reversal of a receipt, when it was cancelled. */
const reversals = alias(feePayments, 'reversal');

const selected = {
  p: feePayments,
  firstName: students.firstName,
  middleName: students.middleName,
  lastName: students.lastName,
  admissionNo: students.admissionNo,
  className: sql<string | null>`${classes.name}`,
  sectionName: sql<string | null>`${sections.name}`,
  reversalNo: sql<string | null>`${reversals.receiptNo}`,
  reversalOn: sql<string | null>`${reversals.paidOn}`,
  reversalBy: sql<string | null>`${reversals.collectedByName}`,
  reversalReason: sql<string | null>`${reversals.reason}`,
  reversalBounced: sql<boolean | null>`${reversals.bounced}`,
  total: totalRows,
};

function receiptsQuery(tx: Db) {
  return tx
    .select(selected)
    .from(feePayments)
    .innerJoin(
      students,
      and(eq(students.instituteId, feePayments.instituteId), eq(students.id, feePayments.studentId)),
    )
    .leftJoin(sections, sectionJoin)
    .leftJoin(classes, classJoin)
    .leftJoin(
      reversals,
      and(eq(reversals.instituteId, feePayments.instituteId), eq(reversals.reversesId, feePayments.id)),
    )
    .$dynamic();
}

type Row = Awaited<ReturnType<ReturnType<typeof receiptsQuery>['execute']>>[number];

function toPayment(row: Row, lines: Payment['lines']): Payment {
  const { p } = row;
  return {
    id: p.id,
    receipt_no: p.receiptNo,
    financial_year: p.financialYear,
    student_id: p.studentId,
    student_name: fullName(row),
    admission_no: row.admissionNo,
    class_label: row.className ? `${row.className}-${row.sectionName}` : '',
    paid_on: p.paidOn,
    amount_paise: p.amountPaise,
    advance_paise: p.advancePaise,
    balance_after_paise: p.balanceAfterPaise,
    mode: p.mode as PaymentMode,
    reference: p.reference,
    collected_by: p.collectedByName,
    status: row.reversalNo ? 'cancelled' : 'posted',
    lines,
    reversal: row.reversalNo
      ? {
          receipt_no: row.reversalNo,
          on: row.reversalOn ?? '',
          by: row.reversalBy ?? '',
          reason: row.reversalReason ?? '',
          bounced: row.reversalBounced === true,
        }
      : null,
    created_at: p.createdAt.toISOString(),
  };
}

/** The head-wise lines of receipts: what each paid, per head and instalment. */
async function linesOf(tx: Db, instituteId: string, paymentIds: string[]) {
  if (paymentIds.length === 0) return new Map<string, Payment['lines']>();
  const rows = await tx
    .select({
      paymentId: feeAllocations.paymentId,
      head: feeHeads.name,
      instalment: feeDues.instalment,
      amount: feeAllocations.amountPaise,
    })
    .from(feeAllocations)
    .innerJoin(
      feeDues,
      and(eq(feeDues.instituteId, feeAllocations.instituteId), eq(feeDues.id, feeAllocations.dueId)),
    )
    .innerJoin(feeHeads, and(eq(feeHeads.instituteId, feeDues.instituteId), eq(feeHeads.id, feeDues.headId)))
    .where(and(eq(feeAllocations.instituteId, instituteId), inArray(feeAllocations.paymentId, paymentIds)))
    .orderBy(asc(feeDues.dueOn), asc(feeDues.seq), asc(feeHeads.code));
  const byPayment = new Map<string, Payment['lines']>();
  for (const r of rows) {
    const list = byPayment.get(r.paymentId) ?? [];
    list.push({ head_name: r.head, instalment: r.instalment, amount_paise: r.amount });
    byPayment.set(r.paymentId, list);
  }
  return byPayment;
}

/** Receipts the caller may see: every student's with `fees:read`, else their own children's. */
async function visibleReceipts(tx: Db, actor: Actor) {
  return and(
    eq(feePayments.instituteId, actor.institute.id),
    eq(feePayments.kind, 'receipt'),
    actor.permissions.includes('fees:read') ? undefined : await visibleStudents(tx, actor),
  );
}

export async function findPayment(tx: Db, actor: Actor, id: string): Promise<Payment> {
  const [row] = await receiptsQuery(tx)
    .where(and(await visibleReceipts(tx, actor), eq(feePayments.id, id)))
    .limit(1);
  if (!row) throw httpError(404, FEE_MESSAGES.paymentNotFound);
  return toPayment(row, (await linesOf(tx, actor.institute.id, [id])).get(id) ?? []);
}

/** `created_at` orders by the receipt's date; numbers break ties (a batch shares one instant). */
const SORTS = {
  created_at: feePayments.paidOn,
  receipt_no: feePayments.receiptNo,
  amount: feePayments.amountPaise,
} as const;

/** Receipts, newest first: of a student, of a day, by mode, or searched by number or name. */
export async function listPayments(tx: Db, actor: Actor, query: PaymentListQuery) {
  const where = and(
    await visibleReceipts(tx, actor),
    query.student_id ? eq(feePayments.studentId, query.student_id) : undefined,
    query.on ? eq(feePayments.paidOn, query.on) : undefined,
    query.mode ? eq(feePayments.mode, query.mode) : undefined,
    searchIn(query.search, [
      feePayments.receiptNo,
      students.admissionNo,
      sql`${students.firstName} || ' ' || ${students.lastName}`,
    ]),
  );
  const page = await listPage({
    page: query.page,
    limit: query.limit,
    rows: (limit, offset) =>
      receiptsQuery(tx)
        .where(where)
        .orderBy(...orderFor(SORTS, query.sort, 'created_at', query.order, feePayments.receiptNo))
        .limit(limit)
        .offset(offset),
    countAll: async () => {
      const [row] = await tx
        .select({ n: count() })
        .from(feePayments)
        .innerJoin(
          students,
          and(eq(students.instituteId, feePayments.instituteId), eq(students.id, feePayments.studentId)),
        )
        .where(where);
      return row?.n ?? 0;
    },
    toItem: (row) => row,
  });
  const lines = await linesOf(
    tx,
    actor.institute.id,
    page.items.map((r) => r.p.id),
  );
  return { ...page, items: page.items.map((r) => toPayment(r, lines.get(r.p.id) ?? [])) };
}
