import type { EnquiryState, Funnel, FunnelRow } from '@schooliko/common/desk/enquiries';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { admissionEnquiries as e } from '../admissions';

const stage = (states: EnquiryState[]) =>
  sql<number>`count(*) filter (where ${e.status} in (${sql.join(
    states.map((s) => sql`${s}`),
    sql`, `,
  )}))`.mapWith(Number);
const FUNNEL = {
  total: sql<number>`count(*)`.mapWith(Number),
  contacted: stage(['contacted', 'visit_scheduled', 'applied', 'admitted']),
  visited: stage(['visit_scheduled', 'applied', 'admitted']),
  applied: stage(['applied', 'admitted']),
  admitted: stage(['admitted']),
  lost: stage(['lost', 'closed']),
};

/** The funnel (each stage counts the enquiries that reached it or went beyond), by source and class. */
export async function enquiryFunnel(tx: Db, actor: Actor, from?: string): Promise<Funnel> {
  const where: SQL | undefined = and(
    eq(e.instituteId, actor.institute.id),
    from ? sql`${e.createdAt} >= ${from}::date` : undefined,
  );
  const [total, bySource, byClass] = await Promise.all([
    tx.select(FUNNEL).from(e).where(where),
    tx
      .select({ key: e.source, ...FUNNEL })
      .from(e)
      .where(where)
      .groupBy(e.source)
      .orderBy(e.source),
    tx
      .select({ key: e.classSought, ...FUNNEL })
      .from(e)
      .where(where)
      .groupBy(e.classSought)
      .orderBy(e.classSought),
  ]);
  const empty: FunnelRow = {
    key: 'all',
    total: 0,
    contacted: 0,
    visited: 0,
    applied: 0,
    admitted: 0,
    lost: 0,
  };
  return {
    total: { ...empty, ...total[0], key: 'all' },
    by_source: bySource as FunnelRow[],
    by_class: byClass as FunnelRow[],
  };
}

/** The dashboard's count: enquiries not yet contacted. */
export async function newEnquiries(tx: Db, instituteId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(e)
    .where(and(eq(e.instituteId, instituteId), eq(e.status, 'new')));
  return row?.n ?? 0;
}
