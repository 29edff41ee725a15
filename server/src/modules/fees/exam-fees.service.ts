import type { ExamFee, ExamFeeInput, ExamFeeQuery } from '@schooliko/common/fees/exams';
import { FEE_MESSAGES } from '@schooliko/common/fees/fees';
import { CLASS_MESSAGES } from '@schooliko/common/people/classes';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { containsPattern } from '../../kit/list-page';
import { type Actor, inInstitute } from '../../kit/scope';
import { starterOf } from '../../platform/jobs/jobs.actor';
import { enqueueJob } from '../../platform/jobs/jobs.service';
import { httpError } from '../../plugins/errors';
import { academicYears, classes } from '../classes';
import { billExamDemand } from './billing.service';
import { feeExamDemands, feeHeads } from './fees.table';

export const EXAM_JOB = 'fees.exam-bill';
export type ExamPayload = { demand_id: string };

/** The demands with their classes' names and what their dues billed, collected and still owe. */
const demandsSelect = (i: string) => sql`
  select e.id, e.academic_year_id, e.name, e.head_id, h.name as head_name, e.due_on::text as due_on,
    (select coalesce(jsonb_agg(jsonb_build_object('class_id', c.value->>'class_id', 'class_name', coalesce(k.name, ''),
        'amount_paise', (c.value->>'amount_paise')::bigint) order by k.sort_order), '[]'::jsonb)
      from jsonb_array_elements(e.classes) c(value)
      left join classes k on k.institute_id = e.institute_id and k.id = (c.value->>'class_id')::uuid) as classes,
    coalesce(t.billed, 0)::int as billed, coalesce(t.billed_paise, 0)::bigint as billed_paise,
    coalesce(t.collected_paise, 0)::bigint as collected_paise, coalesce(t.outstanding_paise, 0)::bigint as outstanding_paise,
    e.created_at, count(*) over() as total
  from fee_exam_demands e
  join fee_heads h on h.institute_id = e.institute_id and h.id = e.head_id
  left join lateral (
    select count(*) as billed, sum(d.amount_paise - d.concession_paise) as billed_paise,
      sum(d.paid_paise) as collected_paise, sum(d.amount_paise - d.concession_paise - d.paid_paise) as outstanding_paise
    from fee_dues d
    where d.institute_id = e.institute_id and d.source_kind = 'exam_demand' and d.source_id = e.id
      and d.head_id = e.head_id and not d.cancelled) t on true
  where e.institute_id = ${i}`;

type DemandRow = Omit<ExamFee, 'billed_paise' | 'collected_paise' | 'outstanding_paise' | 'created_at'> & {
  billed_paise: string;
  collected_paise: string;
  outstanding_paise: string;
  created_at: unknown;
  total: string;
};
const toExamFee = ({ total: _t, ...r }: DemandRow): ExamFee => ({
  ...r,
  classes: r.classes.map((c) => ({ ...c, amount_paise: Number(c.amount_paise) })),
  billed_paise: Number(r.billed_paise),
  collected_paise: Number(r.collected_paise),
  outstanding_paise: Number(r.outstanding_paise),
  created_at: r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at),
});

/** The year's exam fee demands (every year's unless named), newest first, a page at a time. */
export async function listExamFees(tx: Db, actor: Actor, query: ExamFeeQuery) {
  const i = actor.institute.id;
  const offset = (query.page - 1) * query.limit;
  const found = rowsOf<DemandRow>(
    await tx.execute(sql`${demandsSelect(i)}
      ${query.academic_year_id ? sql`and e.academic_year_id = ${query.academic_year_id}::uuid` : sql``}
      ${query.search ? sql`and e.name ilike ${containsPattern(query.search)}` : sql``}
      order by e.created_at desc, e.id limit ${query.limit} offset ${offset}`),
  );
  const total = Number(found[0]?.total ?? 0);
  return {
    items: found.map(toExamFee),
    pagination: { page: query.page, limit: query.limit, total, hasMore: offset + found.length < total },
  };
}

export async function findExamFee(tx: Db, actor: Actor, id: string): Promise<ExamFee> {
  const [found] = rowsOf<DemandRow>(
    await tx.execute(sql`${demandsSelect(actor.institute.id)} and e.id = ${id}::uuid`),
  );
  if (!found) throw httpError(404, FEE_MESSAGES.examNotFound);
  return toExamFee(found);
}

/**
 * Adds an exam fee demand (an Exam head, a due date, the classes and their amounts) and queues its
 * billing in the same transaction: every enrolled student of those classes gets one due.
 */
export async function createExamFee(tx: Db, actor: Actor, input: ExamFeeInput) {
  const i = actor.institute.id;
  const [year] = await tx
    .select({ id: academicYears.id })
    .from(academicYears)
    .where(and(eq(academicYears.instituteId, i), eq(academicYears.id, input.academic_year_id)));
  if (!year) throw httpError(404, CLASS_MESSAGES.yearNotFound);
  const [head] = await tx
    .select({ category: feeHeads.category })
    .from(feeHeads)
    .where(and(eq(feeHeads.instituteId, i), eq(feeHeads.id, input.head_id)));
  if (!head) throw httpError(404, FEE_MESSAGES.headNotFound);
  if (head.category !== 'exam')
    throw httpError(400, FEE_MESSAGES.examHeadInvalid, { head_id: FEE_MESSAGES.examHeadInvalid });
  const ids = input.classes.map((c) => c.class_id);
  const found = await tx
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.instituteId, i), inArray(classes.id, ids)));
  if (found.length !== ids.length) throw httpError(404, CLASS_MESSAGES.classNotFound);
  const [row] = await tx
    .insert(feeExamDemands)
    .values({
      instituteId: i,
      academicYearId: year.id,
      name: input.name,
      headId: input.head_id,
      dueOn: input.due_on,
      classes: input.classes,
      createdBy: actor.userId,
    })
    .onConflictDoNothing()
    .returning({ id: feeExamDemands.id });
  if (!row) throw httpError(409, FEE_MESSAGES.examNameTaken, { name: FEE_MESSAGES.examNameTaken });
  const jobId = await startExamBilling(tx, actor, row.id);
  return { item: await findExamFee(tx, actor, row.id), job_id: jobId };
}

/** Queues the billing of a demand (again: students enrolled since get theirs, nobody twice). */
export async function startExamBilling(tx: Db, actor: Actor, id: string): Promise<string> {
  await findExamFee(tx, actor, id);
  return enqueueJob(tx, {
    kind: EXAM_JOB,
    instituteId: actor.institute.id,
    userId: actor.userId,
    payload: { demand_id: id, starter: starterOf(actor) },
    maxAttempts: 3,
  });
}

/**
 * The job: each class of the demand is billed in a transaction of its own (a failure rolls back
 * that class's batch; the retry bills it again, nobody twice). Progress counts students.
 */
export async function runExamBilling(
  db: Db,
  instituteId: string,
  payload: ExamPayload,
  progress: (done: number, total: number) => Promise<void>,
) {
  const sizes = await inInstitute(db, instituteId, async (tx) =>
    rowsOf<{ class_id: string; n: number }>(
      await tx.execute(sql`
        select (c.value->>'class_id') as class_id, (select count(*)::int from students s
          join sections sec on sec.institute_id = s.institute_id and sec.id = s.section_id
          where s.institute_id = e.institute_id and s.status = 'enrolled'
            and sec.academic_year_id = e.academic_year_id and sec.class_id = (c.value->>'class_id')::uuid) as n
        from fee_exam_demands e cross join lateral jsonb_array_elements(e.classes) c(value)
        where e.institute_id = ${instituteId} and e.id = ${payload.demand_id}::uuid`),
    ),
  );
  const total = sizes.reduce((a, b) => a + b.n, 0);
  let done = 0;
  let created = 0;
  await progress(0, total);
  for (const c of sizes) {
    created += await inInstitute(db, instituteId, (tx) =>
      billExamDemand(tx, instituteId, payload.demand_id, c.class_id),
    );
    done += c.n;
    await progress(done, total);
  }
  return { dues_created: created, students: total };
}
