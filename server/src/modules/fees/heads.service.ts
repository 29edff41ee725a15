import { FEE_MESSAGES, type FeeHead, type FeeHeadInput } from '@schooliko/common/fees/fees';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { type FeeHeadRow, feeHeads, feeStructureLines } from './fees.table';

const inUse = sql<boolean>`exists (select 1 from ${feeStructureLines} l where l.institute_id = ${feeHeads.instituteId} and l.head_id = ${feeHeads.id})`;

function toHead(row: FeeHeadRow & { inUse: boolean }): FeeHead {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    category: row.category,
    counts_80c: row.counts80c,
    refundable: row.refundable,
    active: row.active,
    in_use: row.inUse,
  };
}

export async function listHeads(tx: Db, actor: Actor): Promise<FeeHead[]> {
  const rows = await tx
    .select({ row: feeHeads, inUse })
    .from(feeHeads)
    .where(eq(feeHeads.instituteId, actor.institute.id))
    .orderBy(asc(feeHeads.category), asc(feeHeads.name));
  return rows.map(({ row, inUse }) => toHead({ ...row, inUse }));
}

async function findHead(tx: Db, actor: Actor, id: string) {
  const [found] = await tx
    .select({ row: feeHeads, inUse })
    .from(feeHeads)
    .where(and(eq(feeHeads.instituteId, actor.institute.id), eq(feeHeads.id, id)));
  if (!found) throw httpError(404, FEE_MESSAGES.headNotFound);
  return { ...found.row, inUse: found.inUse };
}

async function assertCodeFree(tx: Db, actor: Actor, code: string, except?: string) {
  const [taken] = await tx
    .select({ id: feeHeads.id })
    .from(feeHeads)
    .where(and(eq(feeHeads.instituteId, actor.institute.id), eq(feeHeads.code, code)));
  if (taken && taken.id !== except)
    throw httpError(409, FEE_MESSAGES.headCodeTaken, { code: FEE_MESSAGES.headCodeTaken });
}

const columnsOf = (input: FeeHeadInput) => ({
  name: input.name,
  code: input.code,
  category: input.category,
  counts80c: input.counts_80c,
  refundable: input.refundable,
  active: input.active,
});

export async function createHead(tx: Db, actor: Actor, input: FeeHeadInput): Promise<FeeHead> {
  await assertCodeFree(tx, actor, input.code);
  const [row] = await tx
    .insert(feeHeads)
    .values({ instituteId: actor.institute.id, ...columnsOf(input) })
    .returning();
  if (!row) throw new Error('fee head not added');
  return toHead({ ...row, inUse: false });
}

/** A head's name, flags and code can change; its dues and receipts keep pointing to it. */
export async function updateHead(tx: Db, actor: Actor, id: string, input: FeeHeadInput): Promise<FeeHead> {
  const before = await findHead(tx, actor, id);
  await assertCodeFree(tx, actor, input.code, id);
  const [row] = await tx
    .update(feeHeads)
    .set(columnsOf(input))
    .where(and(eq(feeHeads.instituteId, actor.institute.id), eq(feeHeads.id, id)))
    .returning();
  if (!row) throw httpError(404, FEE_MESSAGES.headNotFound);
  return toHead({ ...row, inUse: before.inUse });
}
