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
import { todayInIndia } from '@schooliko/common/fees/money';
import { and, asc, desc, eq, gt, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listPage, searchIn, totalRows } from '../../kit/list-page';
import type { Actor } from '../../kit/scope';
import { classes, sections } from '../classes/classes.table';
import { classJoin, fullName, sectionJoin } from '../students/students.read';
import { students } from '../students/students.table';
import { feeDues } from './fees.table';

/** Days from `from` to `today`, both 'YYYY-MM-DD'. */
const daysBetween = (from: string, today: string) =>
  Math.round((Date.parse(today) - Date.parse(from)) / 864e5);

/**
 * Each student's overdue balance (open dues due before today), one row per student, read off the
 * open-dues index (fee_dues_open_idx) alone.
 */
function overdueOf(tx: Db, actor: Actor, today: string, instalment: string | undefined) {
  return tx.$with('overdue').as(
    tx
      .select({
        studentId: feeDues.studentId,
        paise: sql<number>`sum(${feeDues.balancePaise})`.mapWith(Number).as('paise'),
        oldest: sql<string>`min(${feeDues.dueOn})`.as('oldest'),
        instalments: sql<
          string[]
        >`array_agg(${feeDues.instalment} order by ${feeDues.dueOn}, ${feeDues.seq})`.as('instalments'),
      })
      .from(feeDues)
      .where(
        and(
          eq(feeDues.instituteId, actor.institute.id),
          lt(feeDues.dueOn, today),
          gt(feeDues.balancePaise, 0),
          eq(feeDues.cancelled, false),
          instalment ? eq(feeDues.instalment, instalment) : undefined,
        ),
      )
      .groupBy(feeDues.studentId),
  );
}

/** The first and last oldest-due date of an age bucket, counted back from today. */
function bucketDates(bucket: AgeBucket, today: string): { from?: string; to: string } {
  const day = (n: number) => new Date(Date.parse(today) - n * 864e5).toISOString().slice(0, 10);
  const i = AGE_BUCKETS.indexOf(bucket);
  const next = AGE_BUCKETS[i + 1];
  return { from: next ? day(AGE_BUCKET_FROM[next] - 1) : undefined, to: day(AGE_BUCKET_FROM[bucket]) };
}

async function defaulterRows(
  tx: Db,
  actor: Actor,
  query: Omit<DefaulterExportQuery, 'format'>,
  page?: { limit: number; offset: number },
) {
  const today = todayInIndia();
  const overdue = overdueOf(tx, actor, today, query.instalment);
  const age = query.age ? bucketDates(query.age, today) : undefined;
  const where = and(
    eq(students.instituteId, actor.institute.id),
    query.section_id ? eq(students.sectionId, query.section_id) : undefined,
    query.class_id ? eq(sections.classId, query.class_id) : undefined,
    query.min_paise ? gte(overdue.paise, query.min_paise) : undefined,
    age ? lte(overdue.oldest, age.to) : undefined,
    age?.from ? gte(overdue.oldest, age.from) : undefined,
    searchIn(query.search, [students.admissionNo, sql`${students.firstName} || ' ' || ${students.lastName}`]),
  );
  const bucketFilter = (b: AgeBucket) => {
    const d = bucketDates(b, today);
    return d.from ? sql`${overdue.oldest} between ${d.from} and ${d.to}` : sql`${overdue.oldest} <= ${d.to}`;
  };
  const buckets = Object.fromEntries(
    AGE_BUCKETS.flatMap((b) => [
      [`n${b}`, sql<number>`count(*) filter (where ${bucketFilter(b)}) over()`.mapWith(Number)],
      [
        `p${b}`,
        sql<number>`coalesce(sum(${overdue.paise}) filter (where ${bucketFilter(b)}) over(), 0)`.mapWith(
          Number,
        ),
      ],
    ]),
  ) as Record<string, SQL.Aliased<number> | SQL<number>>;
  const dir = query.order === 'asc' ? asc : desc;
  const sorts = {
    amount: [dir(overdue.paise)],
    // Older first is "more overdue": the age order runs against the date's.
    age: [(query.order === 'asc' ? desc : asc)(overdue.oldest)],
    name: [dir(sql`lower(${students.firstName} || ' ' || ${students.lastName})`)],
  };
  const select = tx
    .with(overdue)
    .select({
      studentId: students.id,
      firstName: students.firstName,
      middleName: students.middleName,
      lastName: students.lastName,
      admissionNo: students.admissionNo,
      className: sql<string | null>`${classes.name}`,
      sectionName: sql<string | null>`${sections.name}`,
      paise: overdue.paise,
      oldest: overdue.oldest,
      instalments: overdue.instalments,
      total: totalRows,
      sum: sql<number>`sum(${overdue.paise}) over()`.mapWith(Number),
      ...buckets,
    })
    .from(overdue)
    .innerJoin(
      students,
      and(eq(students.instituteId, actor.institute.id), eq(students.id, overdue.studentId)),
    )
    .leftJoin(sections, sectionJoin)
    .leftJoin(classes, classJoin)
    .where(where)
    .orderBy(...sorts[query.sort], asc(students.id))
    .$dynamic();
  const rows = await (page ? select.limit(page.limit).offset(page.offset) : select);
  return rows.map((r) => ({ ...r, today }));
}

type Row = Awaited<ReturnType<typeof defaulterRows>>[number];

function toDefaulter(r: Row): Defaulter {
  const days = daysBetween(r.oldest, r.today);
  return {
    student_id: r.studentId,
    student_name: fullName(r),
    admission_no: r.admissionNo,
    class_label: r.className ? `${r.className}-${r.sectionName}` : '',
    overdue_paise: r.paise,
    instalments: [...new Set(r.instalments)],
    oldest_due_on: r.oldest,
    days_overdue: days,
    age: ageBucketOf(days),
  };
}

function toTotals(r: Row | undefined): DefaulterTotals {
  const fig = (key: string) => Number((r as Record<string, unknown> | undefined)?.[key] ?? 0);
  return {
    students: r?.total ?? 0,
    overdue_paise: r?.sum ?? 0,
    buckets: Object.fromEntries(
      AGE_BUCKETS.map((b) => [b, { students: fig(`n${b}`), paise: fig(`p${b}`) }]),
    ) as DefaulterTotals['buckets'],
  };
}

/** The defaulter list: a page, and the totals of everyone the filters match (one query). */
export async function listDefaulters(tx: Db, actor: Actor, query: DefaulterQuery) {
  let first: Row | undefined;
  const page = await listPage({
    page: query.page,
    limit: query.limit,
    rows: async (limit, offset) => {
      const rows = await defaulterRows(tx, actor, query, { limit, offset });
      first = rows[0];
      return rows;
    },
    countAll: async () => {
      [first] = await defaulterRows(tx, actor, query, { limit: 1, offset: 0 });
      return first?.total ?? 0;
    },
    toItem: toDefaulter,
  });
  return { ...page, totals: toTotals(first) };
}

/** Every defaulter the filters match, for the export. */
export async function* defaultersMatching(tx: Db, actor: Actor, query: DefaulterExportQuery) {
  for (const row of await defaulterRows(tx, actor, query)) yield toDefaulter(row);
}
