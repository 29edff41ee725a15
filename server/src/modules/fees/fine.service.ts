import { FINE_MESSAGES, type FineRule, type FineRuleInput, fineOf } from '@schooliko/common/fees/fine';
import { CLASS_MESSAGES } from '@schooliko/common/people/classes';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { currentYear } from '../classes';
import { fineCharges, fineRules } from './concessions.table';
import { type ChargeSourceKind, feeDues, feeHeads } from './fees.table';

const studentsIn = (ids: string[]) =>
  sql`d.student_id in (${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

/**
 * Whether collection has started under the year's rule: a receipt spread over the year's dues
 * since the rule was set. Its slabs are then locked (a school may still set a first rule mid-year).
 */
async function collectionStarted(tx: Db, instituteId: string, yearId: string): Promise<boolean> {
  const found = rowsOf(
    await tx.execute(sql`
      select 1 from fee_allocations a
      join fee_payments p on p.institute_id = a.institute_id and p.id = a.payment_id and p.kind = 'receipt'
      join fee_dues d on d.institute_id = a.institute_id and d.id = a.due_id
      join fine_rules r on r.institute_id = a.institute_id and r.academic_year_id = d.academic_year_id
      where a.institute_id = ${instituteId} and d.academic_year_id = ${yearId}::uuid
        and p.created_at >= r.created_at limit 1`),
  );
  return found.length > 0;
}

async function yearOf(tx: Db, actor: Actor, yearId?: string) {
  const id = yearId ?? (await currentYear(tx, actor))?.id;
  if (!id) throw httpError(404, CLASS_MESSAGES.yearNotFound);
  return id;
}

/** The year's fine rule (the current year unless named), or null when it has none. */
export async function findFineRule(tx: Db, actor: Actor, yearId?: string): Promise<FineRule | null> {
  const year = await yearOf(tx, actor, yearId);
  const [row] = await tx
    .select()
    .from(fineRules)
    .where(and(eq(fineRules.instituteId, actor.institute.id), eq(fineRules.academicYearId, year)));
  if (!row) return null;
  return {
    academic_year_id: row.academicYearId,
    head_id: row.headId,
    grace_days: row.graceDays,
    cap_paise: row.capPaise,
    slabs: row.slabs,
    locked: await collectionStarted(tx, actor.institute.id, year),
  };
}

/** Sets the year's rule; once a receipt of the year is posted under it, its slabs, grace and cap are locked (409). */
export async function saveFineRule(tx: Db, actor: Actor, input: FineRuleInput): Promise<FineRule> {
  const i = actor.institute.id;
  const [head] = await tx
    .select({ category: feeHeads.category })
    .from(feeHeads)
    .where(and(eq(feeHeads.instituteId, i), eq(feeHeads.id, input.head_id)));
  if (head?.category !== 'fine') throw httpError(400, FINE_MESSAGES.fineHeadInvalid);
  const year = await yearOf(tx, actor, input.academic_year_id);
  // One rule row per year: lock it (or the year's absence of one) before deciding.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fine:${i}:${year}`}))`);
  if (await collectionStarted(tx, i, year)) throw httpError(409, FINE_MESSAGES.fineLocked);
  const values = {
    headId: input.head_id,
    graceDays: input.grace_days,
    capPaise: input.cap_paise,
    slabs: input.slabs,
    updatedAt: new Date(),
  };
  await tx
    .insert(fineRules)
    .values({ instituteId: i, academicYearId: year, ...values })
    .onConflictDoUpdate({ target: [fineRules.instituteId, fineRules.academicYearId], set: values });
  const saved = await findFineRule(tx, actor, year);
  if (!saved) throw new Error('fine rule not saved');
  return saved;
}

/** The fine still to charge on a due as of a day: the rule on its unpaid principal, less what was charged. */
export function fineLeft(
  rule: Pick<FineRule, 'grace_days' | 'cap_paise' | 'slabs'>,
  dueOn: string,
  principalPaise: number,
  chargedPaise: number,
  asOf: string,
): number {
  return Math.max(fineOf(rule, dueOn, principalPaise, asOf) - chargedPaise, 0);
}

type Late = {
  due_id: string;
  student_id: string;
  source_kind: ChargeSourceKind;
  source_id: string;
  academic_year_id: string;
  instalment: string;
  due_on: string;
  fine_head_id: string;
  fine_paise: number;
};

/**
 * The fines not yet charged on the students' open dues as of a day: the year's rule applied to
 * each unpaid principal (dues of heads other than fines), less what was already charged for it.
 */
export async function finesDue(
  tx: Db,
  instituteId: string,
  studentIds: string[],
  asOf: string,
): Promise<Late[]> {
  if (studentIds.length === 0) return [];
  const found = rowsOf<{
    due_id: string;
    student_id: string;
    source_kind: ChargeSourceKind;
    source_id: string;
    academic_year_id: string;
    instalment: string;
    due_on: string;
    principal: string;
    charged: string;
    head_id: string;
    grace_days: number;
    cap_paise: string;
    slabs: FineRule['slabs'];
  }>(
    await tx.execute(sql`
      select d.id as due_id, d.student_id, d.source_kind, d.source_id, d.academic_year_id, d.instalment, d.due_on::text as due_on,
        d.amount_paise - d.concession_paise - d.paid_paise as principal,
        (select coalesce(sum(c.amount_paise), 0) from fine_charges c
          join fee_dues f on f.institute_id = c.institute_id and f.id = c.fine_due_id and not f.cancelled
          where c.institute_id = d.institute_id and c.source_due_id = d.id) as charged,
        r.head_id, r.grace_days, r.cap_paise, r.slabs
      from fee_dues d
      join fee_heads h on h.institute_id = d.institute_id and h.id = d.head_id and h.category <> 'fine'
      join fine_rules r on r.institute_id = d.institute_id and r.academic_year_id = d.academic_year_id
      where d.institute_id = ${instituteId} and not d.cancelled and d.due_on < ${asOf}::date
        and d.amount_paise - d.concession_paise - d.paid_paise > 0
        and ${studentsIn(studentIds)}`),
  );
  return found
    .map((d) => {
      const rule = { grace_days: d.grace_days, cap_paise: Number(d.cap_paise), slabs: d.slabs };
      const fine = fineLeft(rule, d.due_on, Number(d.principal), Number(d.charged), asOf);
      return { ...d, fine_head_id: d.head_id, fine_paise: fine };
    })
    .filter((d) => d.fine_paise > 0);
}

/**
 * Charges the fines due as of a day as dues of the year's Fine head (next to the instalment they
 * were late on), each tied to its late due by a fine_charges row. Called by postPayments before
 * it spreads the payments, so a fine is paid and receipted like any head.
 */
export async function chargeFines(tx: Db, instituteId: string, studentIds: string[], asOf: string) {
  const late = await finesDue(tx, instituteId, studentIds, asOf);
  if (late.length === 0) return;
  const used = rowsOf<{ student_id: string; source_kind: string; source_id: string; seq: number }>(
    await tx.execute(sql`
      select d.student_id, d.source_kind, d.source_id, max(d.seq)::int as seq from fee_dues d
      join fee_heads h on h.institute_id = d.institute_id and h.id = d.head_id and h.category = 'fine'
      where d.institute_id = ${instituteId} and d.seq >= 1000
        and ${studentsIn([...new Set(late.map((l) => l.student_id))])}
      group by d.student_id, d.source_kind, d.source_id`),
  );
  const next = new Map(used.map((u) => [`${u.student_id}:${u.source_kind}:${u.source_id}`, u.seq]));
  const dues = late.map((l) => {
    const key = `${l.student_id}:${l.source_kind}:${l.source_id}`;
    const seq = (next.get(key) ?? 999) + 1;
    next.set(key, seq);
    return {
      instituteId,
      studentId: l.student_id,
      // A fine keeps the source of the due it was late on.
      sourceKind: l.source_kind,
      sourceId: l.source_id,
      academicYearId: l.academic_year_id,
      headId: l.fine_head_id,
      // Fine dues are numbered from 1000, apart from the structure's instalments.
      seq,
      instalment: l.instalment,
      dueOn: l.due_on,
      amountPaise: l.fine_paise,
    };
  });
  const inserted = await tx.insert(feeDues).values(dues).returning({ id: feeDues.id });
  await tx.insert(fineCharges).values(
    late.map((l, n) => ({
      instituteId,
      fineDueId: inserted[n]?.id ?? '',
      sourceDueId: l.due_id,
      asOf,
      amountPaise: l.fine_paise,
    })),
  );
}
