import { randomUUID } from 'node:crypto';
import { CARRY_HEAD, type CarryForwardInput, type CarryForwardPreview } from '@schooliko/common/fees/exams';
import { FEE_MESSAGES } from '@schooliko/common/fees/fees';
import { CLASS_MESSAGES } from '@schooliko/common/people/classes';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { type Actor, inInstitute } from '../../kit/scope';
import { recordCreated } from '../../platform/audit/audit.service';
import { actorForJob, type JobStarter, starterOf } from '../../platform/jobs/jobs.actor';
import { enqueueJob } from '../../platform/jobs/jobs.service';
import { httpError } from '../../plugins/errors';
import { academicYears } from '../classes';
import { addCharges } from './billing.service';
import { feeCarryForwards, feeHeads } from './fees.table';
import { transferBalances } from './payments.service';

export const CARRY_JOB = 'fees.carry-forward';
export type CarryPayload = CarryForwardInput & { starter: JobStarter };
const BATCH = 200;

async function yearsOf(tx: Db, instituteId: string, input: CarryForwardInput) {
  const found = await tx
    .select({ id: academicYears.id, name: academicYears.name, startsOn: academicYears.startsOn })
    .from(academicYears)
    .where(eq(academicYears.instituteId, instituteId));
  const from = found.find((y) => y.id === input.from_year_id);
  const to = found.find((y) => y.id === input.to_year_id);
  if (!from || !to) throw httpError(404, CLASS_MESSAGES.yearNotFound);
  if (from.startsOn >= to.startsOn) throw httpError(400, FEE_MESSAGES.carrySameYear);
  return { from, to };
}

/** Students with an open balance in a year (dues not cancelled), and how much. */
const owingIn = (instituteId: string, yearId: string) => sql`
  select d.student_id, sum(d.amount_paise - d.concession_paise - d.paid_paise) as owed
  from fee_dues d
  where d.institute_id = ${instituteId} and d.academic_year_id = ${yearId}::uuid and not d.cancelled
    and d.amount_paise - d.concession_paise - d.paid_paise > 0
  group by d.student_id`;

/** What carrying a year forward would move now, and what was carried already. */
export async function previewCarryForward(
  tx: Db,
  actor: Actor,
  input: CarryForwardInput,
): Promise<CarryForwardPreview> {
  const i = actor.institute.id;
  const { from, to } = await yearsOf(tx, i, input);
  const [open] = rowsOf<{ n: number; total: string }>(
    await tx.execute(
      sql`select count(*)::int as n, coalesce(sum(owed), 0) as total from (${owingIn(i, from.id)}) o`,
    ),
  );
  const [done] = rowsOf<{ n: number; total: string }>(
    await tx.execute(sql`select count(distinct student_id)::int as n, coalesce(sum(amount_paise), 0) as total
      from fee_carry_forwards where institute_id = ${i} and from_year_id = ${from.id}::uuid`),
  );
  return {
    from_year_id: from.id,
    from_year_name: from.name,
    to_year_id: to.id,
    to_year_name: to.name,
    students: open?.n ?? 0,
    total_paise: Number(open?.total ?? 0),
    carried_students: done?.n ?? 0,
    carried_paise: Number(done?.total ?? 0),
  };
}

/** Queues the carry-forward (checked first: the years, their order). */
export async function startCarryForward(tx: Db, actor: Actor, input: CarryForwardInput): Promise<string> {
  await yearsOf(tx, actor.institute.id, input);
  return enqueueJob(tx, {
    kind: CARRY_JOB,
    instituteId: actor.institute.id,
    userId: actor.userId,
    payload: { ...input, starter: starterOf(actor) },
    maxAttempts: 3,
  });
}

/** The head of carried-forward dues ("Previous year dues", misc), made on first use. */
async function carryHead(tx: Db, instituteId: string): Promise<string> {
  await tx
    .insert(feeHeads)
    .values({ instituteId, code: CARRY_HEAD.code, name: CARRY_HEAD.name, category: CARRY_HEAD.category })
    .onConflictDoNothing();
  const [head] = await tx
    .select({ id: feeHeads.id })
    .from(feeHeads)
    .where(and(eq(feeHeads.instituteId, instituteId), eq(feeHeads.code, CARRY_HEAD.code)));
  if (!head) throw new Error('carry-forward head not made');
  return head.id;
}

/**
 * Carries one batch of students' open balances of a year into the next, in the caller's
 * transaction: a transfer closes their old dues (payments.service, non-cash, numbered CF/…), a
 * "Previous year dues" due in the new year carries each total (billing.service), and a
 * fee_carry_forwards row ties the two for the auditor; each student's history records it.
 */
export async function carryBatch(
  tx: Db,
  actor: Actor,
  input: CarryForwardInput,
  studentIds: string[],
): Promise<number> {
  const i = actor.institute.id;
  const { from, to } = await yearsOf(tx, i, input);
  const transfers = await transferBalances(tx, actor, from.id, studentIds, `Carried forward to ${to.name}`);
  if (transfers.length === 0) return 0;
  const headId = await carryHead(tx, i);
  const carried = transfers.map((t) => ({ ...t, carryId: randomUUID() }));
  const dueIds = await addCharges(
    tx,
    i,
    carried.map((t) => ({
      sourceKind: 'carry_forward' as const,
      sourceId: t.carryId,
      studentId: t.student_id,
      academicYearId: to.id,
      headId,
      seq: 0,
      instalment: `${CARRY_HEAD.name} ${from.name}`,
      dueOn: to.startsOn,
      amountPaise: t.amount_paise,
    })),
  );
  await tx.insert(feeCarryForwards).values(
    carried.map((t, n) => ({
      id: t.carryId,
      instituteId: i,
      fromYearId: from.id,
      toYearId: to.id,
      studentId: t.student_id,
      amountPaise: t.amount_paise,
      transferId: t.id,
      dueId: dueIds[n] ?? t.carryId,
      createdBy: actor.userId,
    })),
  );
  await recordCreated(
    tx,
    actor,
    'student',
    carried.map((t) => ({
      id: t.student_id,
      after: {
        carried_forward_paise: t.amount_paise,
        transfer_no: t.receipt_no,
        from: from.name,
        to: to.name,
      },
    })),
    'fees-carry-forward',
  );
  return carried.length;
}

/**
 * The job: batches of 200 students, each its own transaction. A carried student owes nothing more
 * in the old year, so the state is the checkpoint: a retried or repeated run carries nobody twice.
 */
export async function runCarryForward(
  db: Db,
  instituteId: string,
  payload: CarryPayload,
  progress: (done: number, total: number) => Promise<void>,
) {
  const actor = await actorForJob(db, instituteId, payload.starter);
  const owing = (limit: number) =>
    inInstitute(db, instituteId, async (tx) =>
      rowsOf<{ student_id: string }>(
        await tx.execute(
          sql`select student_id from (${owingIn(instituteId, payload.from_year_id)}) o order by student_id limit ${limit}`,
        ),
      ).map((r) => r.student_id),
    );
  const total = (await owing(1_000_000)).length;
  let done = 0;
  await progress(0, total);
  for (let round = 0; round <= total / BATCH + 1; round++) {
    const batch = await owing(BATCH);
    if (batch.length === 0) break;
    done += await inInstitute(db, instituteId, (tx) => carryBatch(tx, actor, payload, batch));
    await progress(Math.min(done, total), total);
  }
  return { students: done };
}
