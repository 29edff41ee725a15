import type { DuesAnswer } from '@schooliko/common/fees/fees';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { STUDENT_MESSAGES } from '@schooliko/common/people/students';
import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { students, visibleStudents } from '../students';
import { fineRules } from './concessions.table';
import { feeDues, feeHeads } from './fees.table';
import { fineLeft } from './fine.service';

/** Oldest first: by due date, then instalment, then head code. Payments and reversals lock in this order. */
export const OLDEST_FIRST = [asc(feeDues.dueOn), asc(feeDues.seq), asc(feeHeads.code), asc(feeDues.id)];
export const headJoin = and(eq(feeHeads.instituteId, feeDues.instituteId), eq(feeHeads.id, feeDues.headId));

/**
 * A student's dues (not cancelled), oldest first, with what is paid, what is left, the late fine
 * as of today (shown per due; charged when a payment is posted) and any advance. One query: the
 * student (404 unless the caller may see them), each due with its year's fine rule and what was
 * already charged on it, and the advance, so the counter's lookup is one round trip.
 */
export async function duesOf(tx: Db, actor: Actor, studentId: string): Promise<DuesAnswer> {
  const i = actor.institute.id;
  const today = todayInIndia();
  const rows = await tx
    .select({
      advance: sql<number>`(select coalesce(sum(p.advance_paise), 0) from fee_payments p
        where p.institute_id = ${students.instituteId} and p.student_id = ${students.id})`.mapWith(Number),
      d: feeDues,
      name: feeHeads.name,
      code: feeHeads.code,
      rule: { grace_days: fineRules.graceDays, cap_paise: fineRules.capPaise, slabs: fineRules.slabs },
      charged: sql<number>`case when ${fineRules.id} is null then 0 else (
        select coalesce(sum(c.amount_paise), 0) from fine_charges c
        join fee_dues f on f.institute_id = c.institute_id and f.id = c.fine_due_id and not f.cancelled
        where c.institute_id = ${feeDues.instituteId} and c.source_due_id = ${feeDues.id}) end`.mapWith(
        Number,
      ),
    })
    .from(students)
    .leftJoin(
      feeDues,
      and(eq(feeDues.instituteId, i), eq(feeDues.studentId, students.id), eq(feeDues.cancelled, false)),
    )
    .leftJoin(feeHeads, headJoin)
    // Fines accrue on the unpaid principal of heads other than fines, once the due date is past.
    .leftJoin(
      fineRules,
      and(
        eq(fineRules.instituteId, i),
        eq(fineRules.academicYearId, feeDues.academicYearId),
        ne(feeHeads.category, 'fine'),
        lt(feeDues.dueOn, today),
      ),
    )
    .where(and(eq(students.instituteId, i), eq(students.id, studentId), await visibleStudents(tx, actor)))
    .orderBy(...OLDEST_FIRST);
  if (rows.length === 0) throw httpError(404, STUDENT_MESSAGES.notFound);
  const items = rows.flatMap(({ d, name, code, rule, charged }) => {
    if (!d) return [];
    const left = d.amountPaise - d.concessionPaise - d.paidPaise;
    return {
      id: d.id,
      student_id: d.studentId,
      head_id: d.headId,
      head_name: name ?? '',
      head_code: code ?? '',
      instalment: d.instalment,
      due_on: d.dueOn,
      amount_paise: d.amountPaise,
      concession_paise: d.concessionPaise,
      paid_paise: d.paidPaise,
      balance_paise: left,
      fine_paise: rule?.slabs ? fineLeft(rule, d.dueOn, left, charged, today) : 0,
      status: left <= 0 ? ('paid' as const) : d.paidPaise > 0 ? ('partly-paid' as const) : ('due' as const),
    };
  });
  return {
    items,
    total_due_paise: items.reduce((sum, d) => sum + d.balance_paise, 0),
    total_fine_paise: items.reduce((sum, d) => sum + d.fine_paise, 0),
    advance_paise: rows[0]?.advance ?? 0,
  };
}
