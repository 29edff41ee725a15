import { FEE_MESSAGES } from '@schooliko/common/fees/fees';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Actor, inInstitute } from '../../kit/scope';
import { starterOf } from '../../platform/jobs/jobs.actor';
import { enqueueJob } from '../../platform/jobs/jobs.service';
import { httpError } from '../../plugins/errors';
import { billStudents, studentsOfStructure } from './billing.service';
import { feeStructures } from './fees.table';

export const GENERATE_JOB = 'fees.generate';
export type GeneratePayload = { structure_ids: string[] };

/** Queues the generation of these structures' dues (checked to be the institute's own). */
export async function startGeneration(tx: Db, actor: Actor, structureIds: string[]): Promise<string> {
  const ids = [...new Set(structureIds)];
  const found = await tx
    .select({ id: feeStructures.id })
    .from(feeStructures)
    .where(and(eq(feeStructures.instituteId, actor.institute.id), inArray(feeStructures.id, ids)));
  if (found.length !== ids.length) throw httpError(404, FEE_MESSAGES.structureNotFound);
  return enqueueJob(tx, {
    kind: GENERATE_JOB,
    instituteId: actor.institute.id,
    userId: actor.userId,
    payload: { structure_ids: ids, starter: starterOf(actor) },
    maxAttempts: 3,
  });
}

async function studentCount(tx: Db, instituteId: string, structureId: string): Promise<number> {
  const result = await tx.execute(sql`
    select count(*)::int as n from students s
    join sections sec on sec.institute_id = s.institute_id and sec.id = s.section_id
    where s.institute_id = ${instituteId} and s.status = 'enrolled' and ${studentsOfStructure(instituteId, structureId)}`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/**
 * The job: each structure's class is billed in a transaction of its own, so a failure rolls back
 * that class's whole batch and the retry bills it again; dues already made are never made twice
 * (billStudents). Progress counts students.
 */
export async function runGeneration(
  db: Db,
  instituteId: string,
  payload: GeneratePayload,
  progress: (done: number, total: number) => Promise<void>,
) {
  const sizes = await inInstitute(db, instituteId, async (tx) => {
    const counts: number[] = [];
    for (const id of payload.structure_ids) counts.push(await studentCount(tx, instituteId, id));
    return counts;
  });
  const total = sizes.reduce((a, b) => a + b, 0);
  let done = 0;
  let created = 0;
  await progress(0, total);
  for (const [i, id] of payload.structure_ids.entries()) {
    created += await inInstitute(db, instituteId, (tx) =>
      billStudents(tx, instituteId, studentsOfStructure(instituteId, id)),
    );
    done += sizes[i] ?? 0;
    await progress(done, total);
  }
  return { dues_created: created, students: total };
}
