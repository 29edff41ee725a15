import { amountPaise, FEE_MESSAGES } from '@schooliko/common/fees/fees';
import { CLASS_MESSAGES } from '@schooliko/common/people/classes';
import { STUDENT_MESSAGES } from '@schooliko/common/people/students';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { academicYears, currentYear } from '../classes';
import { students } from '../students';
import { addCharges } from './billing.service';
import { refreshDueSummaries } from './dues-summary.service';
import { type ChargeSourceKind, type FeeDueRow, feeDues, feeHeads } from './fees.table';

/** What a due is billed for: the kind of record (a transport allocation, …) and its id. */
export type ChargeSource = { kind: ChargeSourceKind; id: string };

export type ChargeInput = {
  source: ChargeSource;
  /** The student's id. */
  student: string;
  /** The fee head's id (what receipts and reports group it under). */
  head: string;
  amount_paise: number;
  /** YYYY-MM-DD. */
  due_date: string;
  /** What the dues list and the receipt call it ("Bus fee April"). */
  label: string;
  /** The source's instalment, when it bills more than once (0 by default). */
  seq?: number;
  /** The year the due belongs to; the current year unless given. */
  academic_year_id?: string;
};

export type Charge = {
  id: string;
  source: ChargeSource;
  student_id: string;
  head_id: string;
  academic_year_id: string;
  seq: number;
  label: string;
  due_on: string;
  amount_paise: number;
  paid_paise: number;
  cancelled: boolean;
};

const toCharge = (d: FeeDueRow): Charge => ({
  id: d.id,
  source: { kind: d.sourceKind, id: d.sourceId },
  student_id: d.studentId,
  head_id: d.headId,
  academic_year_id: d.academicYearId,
  seq: d.seq,
  label: d.instalment,
  due_on: d.dueOn,
  amount_paise: d.amountPaise,
  paid_paise: d.paidPaise,
  cancelled: d.cancelled,
});

const ofSource = (instituteId: string, source: ChargeSource) =>
  and(
    eq(feeDues.instituteId, instituteId),
    eq(feeDues.sourceKind, source.kind),
    eq(feeDues.sourceId, source.id),
  );

/** The year a charge goes to: the one named (of the institute), else the current one. */
async function yearOf(tx: Db, actor: Actor, yearId: string | undefined): Promise<string> {
  if (!yearId) {
    const year = await currentYear(tx, actor);
    if (!year) throw httpError(404, CLASS_MESSAGES.yearNotFound);
    return year.id;
  }
  const [year] = await tx
    .select({ id: academicYears.id })
    .from(academicYears)
    .where(and(eq(academicYears.instituteId, actor.institute.id), eq(academicYears.id, yearId)));
  if (!year) throw httpError(404, CLASS_MESSAGES.yearNotFound);
  return year.id;
}

/**
 * Bills a student one due for a source (docs/modules.md, "Billing a pupil from another module"),
 * in the caller's transaction. Idempotent per source, student, head and instalment (the unique
 * index of fee_dues): a second call changes nothing and answers the due that exists, as it is
 * (paid, or cancelled with its source). The student, head and year must be the actor's
 * institute's (else 404). No concession rule applies (they are for the year's structure).
 */
export async function charge(tx: Db, actor: Actor, input: ChargeInput): Promise<Charge> {
  const i = actor.institute.id;
  const amount = amountPaise.safeParse(input.amount_paise);
  if (!amount.success) {
    const message = amount.error.issues[0]?.message ?? FEE_MESSAGES.amountInvalid;
    throw httpError(400, message, { amount_paise: message });
  }
  const [student] = await tx
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.instituteId, i), eq(students.id, input.student)));
  if (!student) throw httpError(404, STUDENT_MESSAGES.notFound);
  const [head] = await tx
    .select({ id: feeHeads.id })
    .from(feeHeads)
    .where(and(eq(feeHeads.instituteId, i), eq(feeHeads.id, input.head)));
  if (!head) throw httpError(404, FEE_MESSAGES.headNotFound);
  const due = {
    sourceKind: input.source.kind,
    sourceId: input.source.id,
    studentId: student.id,
    headId: head.id,
    seq: input.seq ?? 0,
  };
  await addCharges(tx, i, [
    {
      ...due,
      academicYearId: await yearOf(tx, actor, input.academic_year_id),
      instalment: input.label,
      dueOn: input.due_date,
      amountPaise: amount.data,
    },
  ]);
  const [row] = await tx
    .select()
    .from(feeDues)
    .where(
      and(
        ofSource(i, input.source),
        eq(feeDues.studentId, due.studentId),
        eq(feeDues.headId, due.headId),
        eq(feeDues.seq, due.seq),
      ),
    );
  if (!row) throw new Error('charge not stored');
  return toCharge(row);
}

export type CancelledCharges = {
  /** The unpaid dues of the source, now cancelled. */
  cancelled: string[];
  /** Its dues with money paid against them: left as they are (a refund is the office's decision). */
  kept: { id: string; student_id: string; paid_paise: number }[];
};

/**
 * The source is cancelled (a bus seat given up, a sale called off): its unpaid dues are cancelled
 * (a state: dues are never deleted, and their ledger rows never change), its paid or part-paid
 * dues are left and reported. Running it again cancels nothing more.
 */
export async function cancelCharges(tx: Db, actor: Actor, source: ChargeSource): Promise<CancelledCharges> {
  const i = actor.institute.id;
  const open = and(ofSource(i, source), eq(feeDues.cancelled, false));
  const cancelled = await tx
    .update(feeDues)
    .set({ cancelled: true })
    .where(and(open, eq(feeDues.paidPaise, 0)))
    .returning({ id: feeDues.id, studentId: feeDues.studentId });
  const kept = await tx
    .select({ id: feeDues.id, student_id: feeDues.studentId, paid_paise: feeDues.paidPaise })
    .from(feeDues)
    .where(and(open, gt(feeDues.paidPaise, 0)))
    .orderBy(feeDues.studentId, feeDues.seq, feeDues.id);
  await refreshDueSummaries(tx, i, [...new Set(cancelled.map((d) => d.studentId))]);
  return { cancelled: cancelled.map((d) => d.id), kept };
}
