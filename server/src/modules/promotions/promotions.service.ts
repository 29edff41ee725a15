import {
  type EnrolmentOutcome,
  PROMOTION_BATCH,
  PROMOTION_MESSAGES,
  type PromotionInput,
  type PromotionResult,
} from '@schooliko/common/people/promotions';
import { ON_ROLLS, type StudentStatus } from '@schooliko/common/people/students';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ModuleJob } from '../../kit/module';
import { type Actor, inInstitute } from '../../kit/scope';
import { recordChange, recordChanges } from '../../platform/audit/audit.service';
import { actorForJob, type JobStarter, starterOf } from '../../platform/jobs/jobs.actor';
import { enqueueJob } from '../../platform/jobs/jobs.service';
import { httpError } from '../../plugins/errors';
import { makeCurrent, sections } from '../classes';
import { enrolments, students } from '../students';
import { type Destination, planPromotion } from './promotions.plan';

export const PROMOTION_JOB = 'students.promote';

/** What the job is given: each source section's destinations, resolved to section ids. */
export type PromotionPayload = {
  from_year_id: string;
  to_year_id: string;
  moves: Record<string, { promote_to: string | null; detain_to: string | null }>;
  detained_ids: string[];
  set_current: boolean;
  total: number;
};

/**
 * Starts a promotion: checks the plan again (a conflict refuses it), makes the missing target
 * sections and queues the job, all in the caller's transaction. Answers the job's id.
 */
export async function startPromotion(tx: Db, actor: Actor, input: PromotionInput): Promise<string> {
  const { plan, moves, toMake } = await planPromotion(tx, actor, input);
  if (plan.conflicts.length) throw httpError(409, PROMOTION_MESSAGES.conflicts);
  if (plan.totals.students === 0) throw httpError(409, PROMOTION_MESSAGES.nothingToPromote);
  const made = new Map<string, string>();
  for (const s of toMake) {
    const [row] = await tx
      .insert(sections)
      .values({
        instituteId: actor.institute.id,
        classId: s.classId,
        academicYearId: input.to_year_id,
        name: s.name,
        capacity: s.capacity,
        room: s.room,
      })
      .returning();
    if (!row) throw new Error('section not made');
    made.set(s.key, row.id);
    await recordChange(tx, actor, { entity: 'section', entityId: row.id, action: 'create', after: row });
  }
  const idOf = (d: Destination) => (d === null ? null : 'id' in d ? d.id : (made.get(d.make) ?? null));
  const payload: PromotionPayload = {
    from_year_id: input.from_year_id,
    to_year_id: input.to_year_id,
    moves: Object.fromEntries(
      [...moves].map(([from, m]) => [from, { promote_to: idOf(m.promote), detain_to: idOf(m.detain) }]),
    ),
    detained_ids: input.detained_ids,
    set_current: input.set_current,
    total: plan.totals.students,
  };
  return enqueueJob(tx, {
    kind: PROMOTION_JOB,
    instituteId: actor.institute.id,
    userId: actor.userId,
    payload: { ...payload, starter: starterOf(actor) },
    maxAttempts: 5,
  });
}

type Pupil = { id: string; sectionId: string | null; status: StudentStatus; rollNo: string };

/** One batch: the next pupils still on the rolls of a source section, moved in one transaction. */
async function moveBatch(
  tx: Db,
  actor: Actor,
  job: PromotionPayload,
  detained: Set<string>,
): Promise<number> {
  const i = actor.institute.id;
  const sources = Object.keys(job.moves);
  const batch: Pupil[] = await tx
    .select({
      id: students.id,
      sectionId: students.sectionId,
      status: students.status,
      rollNo: students.rollNo,
    })
    .from(students)
    .where(
      and(
        eq(students.instituteId, i),
        inArray(students.sectionId, sources),
        inArray(students.status, [...ON_ROLLS]),
      ),
    )
    .orderBy(asc(students.id))
    .limit(PROMOTION_BATCH)
    .for('update');
  if (batch.length === 0) return 0;
  const decided = batch.map((p) => {
    const move = job.moves[p.sectionId as string];
    const outcome: EnrolmentOutcome = detained.has(p.id)
      ? 'detained'
      : move?.promote_to
        ? 'promoted'
        : 'passed_out';
    const to =
      outcome === 'detained' ? move?.detain_to : outcome === 'promoted' ? move?.promote_to : p.sectionId;
    if (!to) throw new Error(`no destination for section ${p.sectionId}`);
    return { ...p, outcome, to };
  });
  // One UPDATE per (outcome, destination): a batch touches a few sections.
  const groups = new Map<string, typeof decided>();
  for (const d of decided)
    groups.set(`${d.outcome}:${d.to}`, [...(groups.get(`${d.outcome}:${d.to}`) ?? []), d]);
  for (const group of groups.values()) {
    const first = group[0] as (typeof decided)[number];
    await tx
      .update(students)
      .set({
        status: first.outcome as StudentStatus,
        sectionId: first.to,
        leftOn: first.outcome === 'passed_out' ? sql`current_date` : undefined,
      })
      .where(
        and(
          eq(students.instituteId, i),
          inArray(
            students.id,
            group.map((d) => d.id),
          ),
        ),
      );
  }
  // The year being closed: each pupil's section and how it ended for them.
  await tx
    .insert(enrolments)
    .values(
      decided.map((d) => ({
        instituteId: i,
        studentId: d.id,
        academicYearId: job.from_year_id,
        sectionId: d.sectionId as string,
        rollNo: d.rollNo,
        outcome: d.outcome,
        decidedAt: sql`now()`,
      })),
    )
    .onConflictDoUpdate({
      target: [enrolments.instituteId, enrolments.studentId, enrolments.academicYearId],
      set: { outcome: sql`excluded.outcome`, decidedAt: sql`excluded.decided_at` },
    });
  // The year ahead: where they sit now.
  const staying = decided.filter((d) => d.outcome !== 'passed_out');
  if (staying.length)
    await tx
      .insert(enrolments)
      .values(
        staying.map((d) => ({
          instituteId: i,
          studentId: d.id,
          academicYearId: job.to_year_id,
          sectionId: d.to,
          rollNo: d.rollNo,
        })),
      )
      .onConflictDoUpdate({
        target: [enrolments.instituteId, enrolments.studentId, enrolments.academicYearId],
        set: { sectionId: sql`excluded.section_id` },
        setWhere: isNull(enrolments.outcome),
      });
  await recordChanges(
    tx,
    actor,
    'student',
    decided.map((d) => ({
      id: d.id,
      action: `status:${d.outcome}`,
      before: { status: d.status, sectionId: d.sectionId },
      after: { status: d.outcome, sectionId: d.to },
    })),
  );
  return batch.length;
}

/** The outcomes recorded for the year promoted from (every attempt's, so a retry reports the whole run). */
async function outcomesOf(tx: Db, actor: Actor, yearId: string) {
  const rows = await tx
    .select({ outcome: enrolments.outcome, n: count() })
    .from(enrolments)
    .where(and(eq(enrolments.instituteId, actor.institute.id), eq(enrolments.academicYearId, yearId)))
    .groupBy(enrolments.outcome);
  const of = (o: EnrolmentOutcome) => rows.find((r) => r.outcome === o)?.n ?? 0;
  return { promoted: of('promoted'), detained: of('detained'), passed_out: of('passed_out') };
}

/**
 * The job: moves the pupils still on the rolls of the source sections, PROMOTION_BATCH to a
 * transaction. Each batch is its own checkpoint: a moved pupil no longer sits in a source
 * section, so a retried (or re-run) job carries on with those left and never promotes anyone
 * twice. Then, if asked, the target year becomes the current one.
 */
export async function runPromotion(
  db: Db,
  actor: Actor,
  job: PromotionPayload,
  progress: (done: number, total: number) => Promise<void>,
): Promise<PromotionResult> {
  const i = actor.institute.id;
  const detained = new Set(job.detained_ids);
  const remaining = await inInstitute(db, i, async (tx) => {
    const [row] = await tx
      .select({ n: count() })
      .from(students)
      .where(
        and(
          eq(students.instituteId, i),
          inArray(students.sectionId, Object.keys(job.moves)),
          inArray(students.status, [...ON_ROLLS]),
        ),
      );
    return row?.n ?? 0;
  });
  const total = Math.max(job.total, remaining);
  let done = total - remaining;
  await progress(done, total);
  for (;;) {
    const moved = await inInstitute(db, i, (tx) => moveBatch(tx, actor, job, detained));
    if (moved === 0) break;
    done = Math.min(total, done + moved);
    await progress(done, total);
  }
  return inInstitute(db, i, async (tx) => {
    if (job.set_current) await makeCurrent(tx, actor, job.to_year_id);
    return { total, ...(await outcomesOf(tx, actor, job.from_year_id)), made_current: job.set_current };
  });
}

/** The promotion's job, as the person who started it. */
export const promotionJob: ModuleJob = {
  kind: PROMOTION_JOB,
  run: async (job, app) => {
    const payload = job.payload as PromotionPayload & { starter: JobStarter };
    const actor = await actorForJob(app.database.db, job.instituteId, payload.starter);
    return runPromotion(app.database.db, actor, payload, job.progress);
  },
  bulk: [students, enrolments],
};
