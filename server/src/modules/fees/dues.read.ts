import {
  AGE_BUCKET_FROM,
  AGE_BUCKETS,
  type AgeBucket,
  ageBucketOf,
  type Defaulter,
  type DefaulterExportQuery,
  type DefaulterQuery,
  type DefaulterTotals,
} from '@schooliko/common/fees/dues';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listPage, searchIn } from '../../kit/list-page';
import { fullName } from '../../kit/names';
import type { Actor } from '../../kit/scope';
import { sections } from '../classes';
import { sectionJoin, students } from '../students';

/** Days from `from` to `today`, both 'YYYY-MM-DD'. */
const daysBetween = (from: string, today: string) =>
  Math.round((Date.parse(today) - Date.parse(from)) / 864e5);

/** The first and last oldest-due date of an age bucket, counted back from today. */
function bucketDates(bucket: AgeBucket, today: string): { from?: string; to: string } {
  const day = (n: number) => new Date(Date.parse(today) - n * 864e5).toISOString().slice(0, 10);
  const i = AGE_BUCKETS.indexOf(bucket);
  const next = AGE_BUCKETS[i + 1];
  return { from: next ? day(AGE_BUCKET_FROM[next] - 1) : undefined, to: day(AGE_BUCKET_FROM[bucket]) };
}

type RawRow = {
  student_id: string | null;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  admission_no: string | null;
  class_name: string | null;
  section_name: string | null;
  paise: string | number | null;
  oldest: string | null;
  instalments: string[] | null;
  total: string | number;
  sum: string | number;
} & Record<string, unknown>;

/**
 * The defaulters the filters match, with the totals of all of them, in one statement. Each
 * student's overdue balance as of today (open dues due before today) is the one summary row per
 * student that answers for today (dues-summary.table.ts), for all instalments or the one asked for.
 *
 * Of the whole institute (no class, section or search), the work does not grow with the pupils
 * owing (issue 33): the totals are the kept ones (fee_due_totals, by stretch and oldest due date),
 * unless a minimum amount asks each pupil's; the page by amount or age is read stretch by stretch
 * (the few stretches that answer for today) off that order's index, at most a page from each. With
 * student filters, `matched` reads the filtered pupils' rows (a semi-join on students) and both
 * come from it. The page's rows then get their names, class and overdue instalments (from their
 * dues). A page past the end is one row of totals.
 */
async function defaulterRows(
  tx: Db,
  actor: Actor,
  query: Omit<DefaulterExportQuery, 'format'>,
  page?: { limit: number; offset: number },
) {
  const today = todayInIndia();
  const i = actor.institute.id;
  const age = query.age ? bucketDates(query.age, today) : undefined;
  const who = and(
    query.section_id ? eq(students.sectionId, query.section_id) : undefined,
    query.class_id ? eq(sections.classId, query.class_id) : undefined,
    searchIn(query.search, [students.admissionNo, sql`${students.firstName} || ' ' || ${students.lastName}`]),
  );
  /** The rows (of fee_due_summaries or fee_due_totals, as `a`) that answer for today, of an age. */
  const answering = (a: string) =>
    [
      sql`${sql.raw(a)}.institute_id = ${i}`,
      sql`${sql.raw(a)}.instalment = ${query.instalment ?? ''}`,
      sql`${sql.raw(a)}.until_on >= ${today}::date`,
      sql`${sql.raw(a)}.from_on < ${today}::date`,
      age ? sql`${sql.raw(a)}.oldest_due_on <= ${age.to}::date` : undefined,
      age?.from ? sql`${sql.raw(a)}.oldest_due_on >= ${age.from}::date` : undefined,
    ].filter((c): c is SQL => !!c);
  /** A pupil's row of fee_due_summaries (as `o`) the filters match, beyond `answering`. */
  const owing = [
    sql`o.overdue_paise > 0`,
    query.min_paise ? sql`o.overdue_paise >= ${query.min_paise}` : undefined,
  ].filter((c): c is SQL => !!c);
  const conditions = [
    ...answering('o'),
    ...owing,
    who
      ? sql`o.student_id in (select ${students.id} from ${students} left join ${sections} on ${sectionJoin}
          where ${students.instituteId} = ${i} and ${who})`
      : undefined,
  ].filter((c): c is SQL => !!c);
  const inBucket = (b: AgeBucket) => {
    const d = bucketDates(b, today);
    return d.from ? sql`oldest between ${d.from}::date and ${d.to}::date` : sql`oldest <= ${d.to}::date`;
  };
  const buckets = sql.join(
    AGE_BUCKETS.map(
      (b, n) =>
        sql`coalesce(sum(n) filter (where ${inBucket(b)}), 0)::int as ${sql.raw(`n${n}`)},
          coalesce(sum(paise) filter (where ${inBucket(b)}), 0)::bigint as ${sql.raw(`p${n}`)}`,
    ),
    sql`, `,
  );
  const asc = query.order === 'asc';
  // Each order is its index's (fee_due_summaries_amount_idx, _age_idx), forwards or backwards:
  // most owed first, then the oldest due, then the pupil; or oldest first ("more overdue"), then
  // the most owed.
  const order = (m: string, st: string) => {
    // `m` names the row ('' for a select's own output columns).
    const [paise, oldest, id] = ['paise', 'oldest', 'student_id'].map((c) => sql.raw(m ? `${m}.${c}` : c));
    return {
      amount: asc
        ? sql`${paise} asc, ${oldest} desc, ${id} desc`
        : sql`${paise} desc, ${oldest} asc, ${id} asc`,
      age: asc ? sql`${oldest} desc, ${paise} asc, ${id} desc` : sql`${oldest} asc, ${paise} desc, ${id} asc`,
      name: sql`lower(${sql.raw(st)}.first_name || ' ' || ${sql.raw(st)}.last_name) ${sql.raw(asc ? 'asc' : 'desc')}, ${id} asc`,
    }[query.sort];
  };
  const limited = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const kept = !who && !query.min_paise;
  const stretchByStretch = !who && query.sort !== 'name';
  const result = await tx.execute(sql`
    with matched as (
      select o.student_id, o.overdue_paise as paise, o.oldest_due_on as oldest, 1 as n
      from fee_due_summaries o where ${sql.join(conditions, sql` and `)}),
    totals as (select coalesce(sum(n), 0)::int as total, coalesce(sum(paise), 0)::bigint as sum, ${buckets}
      from ${
        kept
          ? sql`(select t.oldest_due_on as oldest, sum(t.students) as n, sum(t.overdue_paise) as paise
              from fee_due_totals t where ${sql.join(answering('t'), sql` and `)}
              group by t.oldest_due_on) k`
          : sql`matched`
      }),
    page as (${
      stretchByStretch
        ? sql`select m.* from (select t.from_on, t.until_on from fee_due_totals t
              where ${sql.join(answering('t'), sql` and `)}
              group by t.from_on, t.until_on having sum(t.students) > 0) k
            cross join lateral (
              select o.student_id, o.overdue_paise as paise, o.oldest_due_on as oldest from fee_due_summaries o
              where ${sql.join([...answering('o'), ...owing], sql` and `)}
                and o.until_on = k.until_on and o.from_on = k.from_on
              order by ${order('', '')}
              ${page ? sql`limit ${page.limit + page.offset}` : sql``}) m
            order by ${order('m', '')} ${limited}`
        : sql`select m.* from matched m
            ${query.sort === 'name' ? sql`join students ps on ps.institute_id = ${i} and ps.id = m.student_id` : sql``}
            order by ${order('m', 'ps')} ${limited}`
    })
    select p.student_id, st.first_name, st.middle_name, st.last_name, st.admission_no,
      c.name as class_name, sec.name as section_name, p.paise, p.oldest::text as oldest,
      to_json((select array_agg(d.instalment order by d.due_on, d.seq) from fee_dues d
        where d.institute_id = ${i} and d.student_id = p.student_id and d.due_on < ${today}::date
          and d.balance_paise > 0 and not d.cancelled
          ${query.instalment ? sql`and d.instalment = ${query.instalment}` : sql``})) as instalments,
      t.*
    from totals t
    left join page p on true
    left join students st on st.institute_id = ${i} and st.id = p.student_id
    left join sections sec on sec.institute_id = ${i} and sec.id = st.section_id
    left join classes c on c.institute_id = ${i} and c.id = sec.class_id
    order by ${order('p', 'st')}`);
  const raw = (result as unknown as { rows: RawRow[] }).rows;
  return { first: raw[0], rows: raw.filter((r) => r.student_id !== null).map((r) => ({ ...r, today })) };
}

type Row = Awaited<ReturnType<typeof defaulterRows>>['rows'][number];

function toDefaulter(r: Omit<Row, 'total'>): Defaulter {
  const oldest = r.oldest ?? r.today;
  const days = daysBetween(oldest, r.today);
  return {
    student_id: r.student_id ?? '',
    student_name: fullName({
      firstName: r.first_name ?? '',
      middleName: r.middle_name ?? undefined,
      lastName: r.last_name ?? '',
    }),
    admission_no: r.admission_no ?? '',
    class_label: r.class_name ? `${r.class_name}-${r.section_name}` : '',
    overdue_paise: Number(r.paise),
    instalments: [...new Set(r.instalments ?? [])],
    oldest_due_on: oldest,
    days_overdue: days,
    age: ageBucketOf(days),
  };
}

function toTotals(r: RawRow | undefined): DefaulterTotals {
  const fig = (key: string) => Number(r?.[key] ?? 0);
  return {
    students: fig('total'),
    overdue_paise: fig('sum'),
    buckets: Object.fromEntries(
      AGE_BUCKETS.map((b, n) => [b, { students: fig(`n${n}`), paise: fig(`p${n}`) }]),
    ) as DefaulterTotals['buckets'],
  };
}

/** The defaulter list: a page, and the totals of everyone the filters match (one query). */
export async function listDefaulters(tx: Db, actor: Actor, query: DefaulterQuery) {
  let first: RawRow | undefined;
  const page = await listPage<Omit<Row, 'total'> & { total: number }, Defaulter>({
    page: query.page,
    limit: query.limit,
    rows: async (limit, offset) => {
      const found = await defaulterRows(tx, actor, query, { limit, offset });
      first = found.first;
      return found.rows.map((r) => ({ ...r, total: Number(r.total) }));
    },
    // Past the end the statement still answered the totals.
    countAll: async () => Number(first?.total ?? 0),
    toItem: toDefaulter,
  });
  return { ...page, totals: toTotals(first) };
}

/** Every defaulter the filters match, for the export. */
export async function* defaultersMatching(tx: Db, actor: Actor, query: DefaulterExportQuery) {
  for (const row of (await defaulterRows(tx, actor, query)).rows) yield toDefaulter(row);
}
