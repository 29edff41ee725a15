import type { CollectionReport, FeeFigures, MyDues } from '@schooliko/common/fees/dues';
import type { PaymentMode } from '@schooliko/common/fees/fees';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { fullName } from '../../kit/names';
import type { Actor } from '../../kit/scope';
import { classes, sections } from '../classes';
import { classJoin, sectionJoin, students, visibleStudents } from '../students';
import { feeDueTotals } from './dues-summary.table';
import { feeAllocations, feeDues, feeHeads, feePayments } from './fees.table';

const reversals = alias(feePayments, 'reversal');
const reversalJoin = and(
  eq(reversals.instituteId, feePayments.instituteId),
  eq(reversals.reversesId, feePayments.id),
);
const money = (expr: SQL) => sql<number>`coalesce(${expr}, 0)`.mapWith(Number);

/** The receipts dated `on` (not the reversals), with whether each has been cancelled. */
const receiptsOn = (instituteId: string, on: string) =>
  and(eq(feePayments.instituteId, instituteId), eq(feePayments.kind, 'receipt'), eq(feePayments.paidOn, on));

/** Item 15: a day's collection by mode and by head, and the day's receipts cancelled since. */
export async function collectionOn(tx: Db, actor: Actor, on: string): Promise<CollectionReport> {
  const id = actor.institute.id;
  const [byMode, byHead, cancelled] = await Promise.all([
    tx
      .select({
        mode: feePayments.mode,
        receipts: sql<number>`count(*)`.mapWith(Number),
        paise: money(sql`sum(${feePayments.amountPaise})`),
      })
      .from(feePayments)
      .leftJoin(reversals, reversalJoin)
      .where(and(receiptsOn(id, on), isNull(reversals.id)))
      .groupBy(feePayments.mode)
      .orderBy(asc(feePayments.mode)),
    tx
      .select({
        headName: feeHeads.name,
        headCode: feeHeads.code,
        paise: money(sql`sum(${feeAllocations.amountPaise})`),
      })
      .from(feePayments)
      .leftJoin(reversals, reversalJoin)
      .innerJoin(
        feeAllocations,
        and(
          eq(feeAllocations.instituteId, feePayments.instituteId),
          eq(feeAllocations.paymentId, feePayments.id),
        ),
      )
      .innerJoin(
        feeDues,
        and(eq(feeDues.instituteId, feeAllocations.instituteId), eq(feeDues.id, feeAllocations.dueId)),
      )
      .innerJoin(
        feeHeads,
        and(eq(feeHeads.instituteId, feeDues.instituteId), eq(feeHeads.id, feeDues.headId)),
      )
      .where(and(receiptsOn(id, on), isNull(reversals.id)))
      .groupBy(feeHeads.name, feeHeads.code)
      .orderBy(asc(feeHeads.code)),
    tx
      .select({
        id: feePayments.id,
        receiptNo: feePayments.receiptNo,
        amount: feePayments.amountPaise,
        mode: feePayments.mode,
        reason: reversals.reason,
        firstName: students.firstName,
        middleName: students.middleName,
        lastName: students.lastName,
      })
      .from(feePayments)
      .innerJoin(reversals, reversalJoin)
      .innerJoin(
        students,
        and(eq(students.instituteId, feePayments.instituteId), eq(students.id, feePayments.studentId)),
      )
      .where(and(receiptsOn(id, on), isNotNull(reversals.id)))
      .orderBy(asc(feePayments.receiptNo)),
  ]);
  const total = byMode.reduce((n, m) => n + m.paise, 0);
  const allocated = byHead.reduce((n, h) => n + h.paise, 0);
  return {
    on,
    receipts: byMode.reduce((n, m) => n + m.receipts, 0),
    total_paise: total,
    by_mode: byMode.map((m) => ({ mode: m.mode as PaymentMode, receipts: m.receipts, paise: m.paise })),
    by_head: [
      ...byHead.map((h) => ({ head_name: h.headName, head_code: h.headCode, paise: h.paise })),
      ...(total > allocated ? [{ head_name: '', head_code: '', paise: total - allocated }] : []),
    ],
    cancelled: cancelled.map((c) => ({
      id: c.id,
      receipt_no: c.receiptNo,
      student_name: fullName(c),
      amount_paise: c.amount,
      mode: c.mode as PaymentMode,
      reason: c.reason,
    })),
  };
}

/**
 * The dashboards' fee figures of some institutes, one row each: today's receipts that stand, and
 * what is due by today and unpaid (from the defaulter list's summary rows). Two aggregate
 * queries, each on its index.
 */
export async function feeFiguresOf(db: Db, instituteIds: string[]): Promise<Map<string, FeeFigures>> {
  const figures = new Map<string, FeeFigures>(
    instituteIds.map((i) => [i, { today_paise: 0, today_receipts: 0, outstanding_paise: 0 }]),
  );
  if (instituteIds.length === 0) return figures;
  const today = todayInIndia();
  const [collected, outstanding] = await Promise.all([
    db
      .select({
        instituteId: feePayments.instituteId,
        receipts: sql<number>`count(*)`.mapWith(Number),
        paise: money(sql`sum(${feePayments.amountPaise})`),
      })
      .from(feePayments)
      .leftJoin(reversals, reversalJoin)
      .where(
        and(
          inArray(feePayments.instituteId, instituteIds),
          eq(feePayments.paidOn, today),
          eq(feePayments.kind, 'receipt'),
          isNull(reversals.id),
        ),
      )
      .groupBy(feePayments.instituteId),
    // The kept totals of all instalments that answer for today (a stretch from a due date on or
    // before today to the next one after it): a few rows an institute, where summing every open
    // due read them all (1.4 s at 100,000 pupils, issue 33) and a row a pupil still grew with them.
    db
      .select({
        instituteId: feeDueTotals.instituteId,
        paise: money(sql`sum(${feeDueTotals.overduePaise})`),
      })
      .from(feeDueTotals)
      .where(
        and(
          inArray(feeDueTotals.instituteId, instituteIds),
          eq(feeDueTotals.instalment, ''),
          gt(feeDueTotals.untilOn, today),
          lte(feeDueTotals.fromOn, today),
        ),
      )
      .groupBy(feeDueTotals.instituteId),
  ]);
  for (const c of collected) {
    const f = figures.get(c.instituteId);
    if (f) Object.assign(f, { today_paise: c.paise, today_receipts: c.receipts });
  }
  for (const o of outstanding) {
    const f = figures.get(o.instituteId);
    if (f) f.outstanding_paise = o.paise;
  }
  return figures;
}

/** A parent's children (a student's own record): what each owes by today, and what falls due later. */
export async function myDues(tx: Db, actor: Actor): Promise<MyDues> {
  const today = todayInIndia();
  const rows = await tx
    .select({
      studentId: students.id,
      firstName: students.firstName,
      middleName: students.middleName,
      lastName: students.lastName,
      className: sql<string | null>`${classes.name}`,
      sectionName: sql<string | null>`${sections.name}`,
      due: money(sql`sum(${feeDues.balancePaise}) filter (where ${feeDues.dueOn} <= ${today})`),
      upcoming: money(sql`sum(${feeDues.balancePaise}) filter (where ${feeDues.dueOn} > ${today})`),
    })
    .from(students)
    .leftJoin(sections, sectionJoin)
    .leftJoin(classes, classJoin)
    .leftJoin(
      feeDues,
      and(
        eq(feeDues.instituteId, students.instituteId),
        eq(feeDues.studentId, students.id),
        gt(feeDues.balancePaise, 0),
        eq(feeDues.cancelled, false),
      ),
    )
    .where(
      and(eq(students.instituteId, actor.institute.id), (await visibleStudents(tx, actor)) ?? sql`false`),
    )
    .groupBy(students.instituteId, students.id, classes.name, sections.name)
    .orderBy(asc(students.firstName), asc(students.id));
  const items = rows.map((r) => ({
    student_id: r.studentId,
    student_name: fullName(r),
    class_label: r.className ? `${r.className}-${r.sectionName}` : '',
    due_paise: r.due,
    upcoming_paise: r.upcoming,
  }));
  return { items, due_paise: items.reduce((n, i) => n + i.due_paise, 0) };
}

/**
 * The latest receipts of an institute, newest first (the admin dashboard's recent work): who took
 * how much from which pupil, and when. Cancelled ones too: a receipt stays what it was.
 */
export async function recentReceipts(db: Db, instituteId: string, limit: number) {
  const rows = await db
    .select({
      id: feePayments.id,
      amount: feePayments.amountPaise,
      by: feePayments.collectedByName,
      at: feePayments.createdAt,
      firstName: students.firstName,
      middleName: students.middleName,
      lastName: students.lastName,
    })
    .from(feePayments)
    .innerJoin(
      students,
      and(eq(students.instituteId, feePayments.instituteId), eq(students.id, feePayments.studentId)),
    )
    .where(and(eq(feePayments.instituteId, instituteId), eq(feePayments.kind, 'receipt')))
    .orderBy(sql`${feePayments.paidOn} desc`, sql`${feePayments.createdAt} desc`)
    .limit(limit);
  return rows.map((r) => ({ id: r.id, amountPaise: r.amount, by: r.by, pupil: fullName(r), at: r.at }));
}
