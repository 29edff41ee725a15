/**
 * Reading students: a record as the API answers it, a list item, the list with its filters,
 * search and page, the export, and one student the caller may see (students.service.ts writes).
 */
import type { EnrolmentOutcome } from '@schooliko/common/people/promotions';
import {
  STUDENT_MESSAGES,
  type Student,
  type StudentListItem,
  type StudentListQuery,
} from '@schooliko/common/people/students';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { containsPattern, indexedSearch, listPage, orderFor, searchIn, totalRows } from '../../kit/list-page';
import { fullName } from '../../kit/names';
import { type Actor, holds } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { classes, sections } from '../classes';
import { enrolments } from './enrolments.table';
import { abilities, visibleStudents } from './students.policy';
import { type StudentRow, studentColumns, students } from './students.table';

export type StudentWithClass = StudentRow & {
  sectionName: string | null;
  className: string | null;
  /** How the viewed year ended for them (only when a year is named). */
  outcome?: EnrolmentOutcome | null;
};

/** The columns a list reads of a student (`listed` below), with the year's outcome when one is named. */
type ListedRow = Pick<
  StudentWithClass,
  | 'id'
  | 'admissionNo'
  | 'rollNo'
  | 'firstName'
  | 'middleName'
  | 'lastName'
  | 'dateOfBirth'
  | 'gender'
  | 'apaarId'
  | 'rte'
  | 'photoUrl'
  | 'status'
  | 'sectionId'
  | 'userId'
  | 'sectionName'
  | 'className'
  | 'outcome'
>;

export function toListItem(row: ListedRow, actor: Actor): StudentListItem {
  return {
    id: row.id,
    admission_no: row.admissionNo,
    roll_no: row.rollNo,
    first_name: row.firstName,
    middle_name: row.middleName,
    last_name: row.lastName,
    full_name: fullName(row),
    date_of_birth: row.dateOfBirth,
    gender: row.gender,
    apaar_id: row.apaarId,
    rte: row.rte,
    photo_url: row.photoUrl,
    status: row.status,
    section_id: row.sectionId,
    section_name: row.className && row.sectionName ? `${row.className}-${row.sectionName}` : null,
    class_name: row.className,
    has_account: row.userId !== null,
    can: abilities(actor, row, actor.role === 'parent'),
    ...(row.outcome !== undefined ? { outcome: row.outcome } : {}),
  };
}

export function toStudent(row: StudentWithClass, actor: Actor): Student {
  return {
    ...toListItem(row, actor),
    blood_group: row.bloodGroup,
    social_category: row.socialCategory,
    religion: row.religion,
    mother_tongue: row.motherTongue,
    nationality: row.nationality,
    pen: row.pen,
    aadhaar_last4: row.aadhaarLast4,
    bpl: row.bpl,
    cwsn: row.cwsn,
    impairment: row.impairment,
    address: row.address,
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    previous_school: row.previousSchool,
    previous_tc_no: row.previousTcNo,
    medium: row.medium,
    stream: row.stream,
    house: row.house,
    leaving_reason: row.leavingReason,
    family_id: row.familyId,
    admitted_on: row.admittedOn,
    left_on: row.leftOn,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The columns a person types, as the table names them (create and update share it). */
export const sectionJoin = and(
  eq(sections.instituteId, students.instituteId),
  eq(sections.id, students.sectionId),
);
export const classJoin = and(eq(classes.instituteId, sections.instituteId), eq(classes.id, sections.classId));

const SORTS = {
  admission_no: students.admissionNo,
  name: sql`lower(${students.firstName} || ' ' || ${students.lastName})`,
  class: sql`coalesce(${classes.sortOrder}, 999) * 100 + ascii(coalesce(${sections.name}, 'z'))`,
  date_of_birth: students.dateOfBirth,
  status: students.status,
  created_at: students.createdAt,
} as const;

/**
 * A search matching more pupils than this is "broad": the list walks its order and filters each
 * pupil, and counts the matches only up to here ("more than 2,000"). A narrower one reads its
 * matches through the trigram index and sorts them. Sorting every match of a broad term was what
 * cost 2 s at 1,000,000 pupils (issue 33: 'kulk' matched 25,045).
 */
export const SEARCH_CAP = 2000;

/** Whether `search` matches more than SEARCH_CAP of the institute's pupils (read by index, stopping there). */
async function broadSearch(tx: Db, search: string | undefined): Promise<boolean> {
  const term = search?.trim();
  if (!term) return false;
  const result = await tx.execute(
    sql`select students_matching_count(${containsPattern(term)}, ${SEARCH_CAP + 1}) as n`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) > SEARCH_CAP;
}

/**
 * The list's filters, shared by the page and the export. A search looks in the pupil's search text
 * (admission number, names, APAAR ID): narrow, its matches come through the index (the function
 * checked them); `broad` (broadSearch), each pupil read in the list's order is checked.
 */
async function listWhere(
  tx: Db,
  actor: Actor,
  query: Partial<StudentListQuery>,
  broad = false,
): Promise<SQL | undefined> {
  return and(
    eq(students.instituteId, actor.institute.id),
    await visibleStudents(tx, actor),
    query.section_id
      ? eq(query.academic_year_id ? enrolments.sectionId : students.sectionId, query.section_id)
      : undefined,
    query.class_id ? eq(sections.classId, query.class_id) : undefined,
    query.status ? eq(students.status, query.status) : undefined,
    query.gender ? eq(students.gender, query.gender) : undefined,
    query.rte ? eq(students.rte, query.rte === 'true') : undefined,
    broad
      ? searchIn(query.search, [students.searchText])
      : indexedSearch(query.search, students.id, 'students_matching'),
  );
}

/** Columns of the left-joined section and class: null when the student has none. */
const joinedNames = {
  sectionName: sql<string | null>`${sections.name}`,
  className: sql<string | null>`${classes.name}`,
};
const withClass = { ...studentColumns, ...joinedNames };
/** What a list shows of each student (toListItem). */
const listed = {
  id: students.id,
  admissionNo: students.admissionNo,
  rollNo: students.rollNo,
  firstName: students.firstName,
  middleName: students.middleName,
  lastName: students.lastName,
  dateOfBirth: students.dateOfBirth,
  gender: students.gender,
  apaarId: students.apaarId,
  rte: students.rte,
  photoUrl: students.photoUrl,
  status: students.status,
  sectionId: students.sectionId,
  userId: students.userId,
  ...joinedNames,
};
/** A named year's lists: each student's section, roll number and outcome as of that year. */
const asInYear = {
  sectionId: sql<string | null>`${enrolments.sectionId}`,
  rollNo: enrolments.rollNo,
  outcome: enrolments.outcome,
};

const enrolmentJoin = (yearId: string) =>
  and(
    eq(enrolments.instituteId, students.instituteId),
    eq(enrolments.studentId, students.id),
    eq(enrolments.academicYearId, yearId),
  );
const yearSectionJoin = and(
  eq(sections.instituteId, enrolments.instituteId),
  eq(sections.id, enrolments.sectionId),
);

/**
 * `select` (from students) with each student's section and class: today's, or with `yearId` a
 * named year's, through the student's enrolment in it (so a past year's class lists still answer
 * after the pupils have moved on). The joins do not change what `select` names: its columns of
 * sections, classes and enrolments are typed nullable where they are named (`joinedNames`).
 * PostgreSQL drops a join that nothing reads (each joins on a primary key).
 */
function withSections<T extends PgSelect>(select: T, yearId: string | undefined): T {
  const joined = yearId
    ? select
        .innerJoin(enrolments, enrolmentJoin(yearId))
        .leftJoin(sections, yearSectionJoin)
        .leftJoin(classes, classJoin)
    : select.leftJoin(sections, sectionJoin).leftJoin(classes, classJoin);
  return joined as unknown as T;
}

export async function listStudents(tx: Db, actor: Actor, query: StudentListQuery) {
  const broad = await broadSearch(tx, query.search);
  const where = await listWhere(tx, actor, query, broad);
  const year = query.academic_year_id;
  const order = orderFor(SORTS, query.sort, 'name', query.order, students.id);
  const counted = () => withSections(tx.select({ n: count() }).from(students).$dynamic(), year).where(where);
  // A narrow search matches few students: `count(*) over()` counts them as the page is read.
  // Without one, the window would read and join every student of the institute before the first
  // row (40 ms for 10,000 on PGlite); the total is then counted once on its own, and the page read
  // off students_name_idx. A broad search counts its matches up to SEARCH_CAP + 1 only.
  // A broad search and nothing else: more than SEARCH_CAP match, as broadSearch counted. With
  // other filters (or a teacher's own sections) the matches are counted up to SEARCH_CAP + 1.
  const searchOnly =
    holds(actor, 'students:read') &&
    !query.section_id &&
    !query.class_id &&
    !query.status &&
    !query.gender &&
    !query.rte &&
    !year;
  const capped = searchOnly
    ? sql<number>`${SEARCH_CAP + 1}`.mapWith(Number)
    : sql<number>`(select count(*) from (${withSections(
        tx.select({ one: sql`1` }).from(students).$dynamic(),
        year,
      )
        .where(where)
        .limit(SEARCH_CAP + 1)}) as matched)`.mapWith(Number);
  const total = broad
    ? capped
    : query.search?.trim()
      ? totalRows
      : sql<number>`(${counted()})`.mapWith(Number);
  const page = await listPage({
    page: query.page,
    limit: query.limit,
    rows: async (limit, offset) => {
      // Which students, in order, from narrow rows (a search sorts every match); then what the
      // list shows of just those, by primary key. Two statements, not one: joined in one, a
      // planner that believed the table nearly empty (statistics from before a bulk insert) ran
      // the page's walk again for every pupil (5 s for 2,000 on PostgreSQL).
      const ids = await withSections(
        tx
          .select({ id: students.id, total: sql<number>`${total}`.mapWith(Number) })
          .from(students)
          .$dynamic(),
        year,
      )
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      if (ids.length === 0) return [];
      const shown = await withSections(
        tx
          .select({ ...listed, ...(year ? asInYear : {}) })
          .from(students)
          .$dynamic(),
        year,
      ).where(
        and(
          eq(students.instituteId, actor.institute.id),
          inArray(
            students.id,
            ids.map((row) => row.id),
          ),
        ),
      );
      const byId = new Map(shown.map((row) => [row.id, row]));
      return ids.flatMap(({ id, total }) => {
        const row = byId.get(id);
        return row ? [{ ...row, total }] : [];
      });
    },
    countAll: async () => (broad ? SEARCH_CAP + 1 : ((await counted())[0]?.n ?? 0)),
    toItem: (row) => toListItem(row, actor),
  });
  const { total: found, page: n, limit } = page.pagination;
  if (!broad || found <= SEARCH_CAP) return page;
  // More than SEARCH_CAP match: "more than 2,000", the pages beyond it while they come full.
  const hasMore = n * limit < SEARCH_CAP || page.items.length === limit;
  return { ...page, pagination: { ...page.pagination, total: SEARCH_CAP, hasMore, capped: true } };
}

/** Every student the list's filters match, in pages of 1,000 (for exports). */
export async function* studentsMatching(tx: Db, actor: Actor, query: Partial<StudentListQuery>) {
  const where = await listWhere(tx, actor, query);
  const year = query.academic_year_id;
  const order = orderFor(SORTS, query.sort, 'class', query.order ?? 'asc', students.id);
  for (let offset = 0; ; offset += 1000) {
    const rows = await withSections(
      tx
        .select({ ...withClass, ...(year ? asInYear : {}) })
        .from(students)
        .$dynamic(),
      year,
    )
      .where(where)
      .orderBy(...order)
      .limit(1000)
      .offset(offset);
    for (const row of rows) yield toStudent(row, actor);
    if (rows.length < 1000) return;
  }
}

/** One student the caller may see, or 404 (also for another institute's id). */
export async function findStudent(tx: Db, actor: Actor, id: string): Promise<StudentWithClass> {
  const [row] = await withSections(tx.select(withClass).from(students).$dynamic(), undefined)
    .where(
      and(
        eq(students.instituteId, actor.institute.id),
        eq(students.id, id),
        await visibleStudents(tx, actor),
      ),
    )
    .limit(1);
  if (!row) throw httpError(404, STUDENT_MESSAGES.notFound);
  return row;
}
