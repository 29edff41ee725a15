import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { StudentEnrolled } from '../students';
import { applyRulesTo } from './concessions.apply';
import { refreshDueSummaries } from './dues-summary.service';
import { type ChargeSourceKind, feeDues } from './fees.table';

/**
 * Which structure each enrolled student of `students` is billed by: the structure of their
 * section's class and year for their social category, else the class's structure for everyone
 * (category ''). One SQL fragment, used by billing and by the dues of a class change.
 */
function matched(instituteId: string, students: ReturnType<typeof sql>) {
  return sql`
    select s.id as student_id, fs.id as structure_id, fs.academic_year_id, s.admitted_on
    from students s
    join sections sec on sec.institute_id = s.institute_id and sec.id = s.section_id
    join fee_structures fs on fs.institute_id = s.institute_id
      and fs.academic_year_id = sec.academic_year_id and fs.class_id = sec.class_id
      and (fs.student_category = coalesce(s.social_category, '')
        or (fs.student_category = '' and not exists (
          select 1 from fee_structures o
          where o.institute_id = fs.institute_id and o.academic_year_id = fs.academic_year_id
            and o.class_id = fs.class_id and o.student_category <> ''
            and o.student_category = coalesce(s.social_category, ''))))
    where s.institute_id = ${instituteId} and s.status = 'enrolled' and ${students}`;
}

/**
 * Bills students by their structure: one due per head and instalment, inserted at most once (the
 * unique index of fee_dues), so running it again creates nothing twice. A pupil admitted during
 * the year is billed from the instalment in which they joined (the one whose next instalment falls
 * due after their admission), and that instalment falls due on the day they joined if it fell
 * due before it: no earlier instalment, and no fine for days before they came (issue 32). A
 * student who moved to another class loses the unpaid dues of the old class's structure for the
 * same year (cancelled, never deleted); what was paid stays. Runs in the caller's transaction: when a student is placed
 * (the `student.enrolled` event, billEnrolled) and when a structure is generated for its class (a job).
 * Answers how many dues were created.
 */
export async function billStudents(
  tx: Db,
  instituteId: string,
  students: ReturnType<typeof sql>,
): Promise<number> {
  const match = matched(instituteId, students);
  // The students' own dues by the student index, whatever the statistics say (issue 33).
  await tx.execute(sql`
    update fee_dues d set cancelled = true
    where d.institute_id = ${instituteId} and d.id = any(array(
      select o.id from students s
      join sections sec on sec.institute_id = s.institute_id and sec.id = s.section_id
      cross join lateral (select o.id, o.student_id, o.source_id from fee_dues o
        where o.institute_id = ${instituteId} and o.student_id = s.id and o.academic_year_id = sec.academic_year_id
          and not o.cancelled and o.paid_paise = 0 and o.source_kind = 'structure') o
      where s.institute_id = ${instituteId} and s.status = 'enrolled' and ${students}
        and not exists (select 1 from (${match}) m where m.student_id = o.student_id and m.structure_id = o.source_id)))`);
  const inserted = await tx.execute(insertDues(structureDues(instituteId, match, sql`from_admission`)));
  // New dues get the concession rules' part (once per rule and due: idempotent too).
  await applyRulesTo(tx, instituteId, students);
  await refreshDueSummaries(tx, instituteId, students);
  return (inserted as unknown as { rows: unknown[] }).rows.length;
}

/** Inserts structure dues (structureDues), each at most once (the unique index of fee_dues). */
const insertDues = (dues: SQL) => sql`
  insert into fee_dues (institute_id, student_id, source_kind, source_id, academic_year_id, head_id, seq, instalment, due_on, amount_paise)
  select institute_id, student_id, source_kind, source_id, academic_year_id, head_id, seq, instalment, due_on, amount_paise
  from (${dues}) due
  on conflict (institute_id, source_kind, source_id, student_id, head_id, seq) do nothing
  returning 1`;

/**
 * The dues a structure bills its matched students (`match`), one per head and instalment with an
 * amount: those from the instalment a pupil joined in (`from_admission`: every one for a pupil
 * with no admission date), or only the instalments that fell due before they joined (not
 * `from_admission`), each falling due on the later of its day and the admission day (no fine for
 * days before they came).
 */
function structureDues(instituteId: string, match: SQL, window: SQL) {
  return sql`
    select * from (
      select ${instituteId}::uuid as institute_id, m.student_id, 'structure' as source_kind, m.structure_id as source_id,
        m.academic_year_id, l.head_id, (i.ord - 1)::int as seq, i.value->>'label' as instalment,
        greatest((i.value->>'due_on')::date, m.admitted_on) as due_on,
        (l.amounts->>((i.ord - 1)::int))::bigint as amount_paise,
        (m.admitted_on is null or i.ord = jsonb_array_length(fs.instalments)
          or (fs.instalments->(i.ord::int)->>'due_on')::date > m.admitted_on) as from_admission
      from (${match}) m
      join fee_structure_lines l on l.institute_id = ${instituteId} and l.structure_id = m.structure_id
      join fee_structures fs on fs.institute_id = ${instituteId} and fs.id = m.structure_id
      cross join lateral jsonb_array_elements(fs.instalments) with ordinality as i(value, ord)
      where (l.amounts->>((i.ord - 1)::int))::bigint > 0) billed
    where ${window}`;
}

/**
 * The instalments of a pupil's structure that fell due before they joined and are not billed: what
 * the office may still bill (billEarlier). Their labels, in order, and their total.
 */
export async function earlierInstalments(tx: Db, instituteId: string, studentId: string) {
  const result = await tx.execute(sql`
    select e.instalment, sum(e.amount_paise)::bigint as amount
    from (${structureDues(instituteId, matched(instituteId, studentsIn([studentId])), sql`not from_admission`)}) e
    where not exists (select 1 from fee_dues d where d.institute_id = e.institute_id and d.student_id = e.student_id
      and d.source_kind = 'structure' and d.source_id = e.source_id and d.head_id = e.head_id and d.seq = e.seq)
    group by e.seq, e.instalment order by e.seq`);
  const rows = (result as unknown as { rows: { instalment: string; amount: string | number }[] }).rows;
  return {
    instalments: rows.map((r) => r.instalment),
    amount_paise: rows.reduce((sum, r) => sum + Number(r.amount), 0),
  };
}

/**
 * Bills a pupil admitted during the year for the instalments before they joined, when the office
 * decides so (issue 32): each falls due on the admission day, so no fine runs for the days before
 * it; the concession rules apply as to any due. Answers the labels billed (none: nothing earlier).
 */
export async function billEarlierInstalments(tx: Db, instituteId: string, studentId: string) {
  const { instalments } = await earlierInstalments(tx, instituteId, studentId);
  if (instalments.length === 0) return [];
  const students = studentsIn([studentId]);
  await tx.execute(
    insertDues(structureDues(instituteId, matched(instituteId, students), sql`not from_admission`)),
  );
  await applyRulesTo(tx, instituteId, students);
  await refreshDueSummaries(tx, instituteId, students);
  return instalments;
}

/** The students whose ids are given. */
export const studentsIn = (ids: readonly string[]) =>
  ids.length === 0
    ? sql`false`
    : sql`s.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`;

/** The enrolled students of a structure's class (and year), the structure read by its key. */
export const studentsOfStructure = (instituteId: string, structureId: string) =>
  sql`(sec.class_id, sec.academic_year_id) = (select class_id, academic_year_id from fee_structures
    where institute_id = ${instituteId}::uuid and id = ${structureId}::uuid)`;

/**
 * Bills an exam fee demand to the enrolled students of one of its classes (in the demand's year):
 * one due each, of the demand's head and amount for that class, its source the demand
 * (`exam_demand`, seq 0). Inserted at most once per student (the unique index of fee_dues), then the concession
 * rules apply as to any new due. Answers how many dues were created.
 */
export async function billExamDemand(
  tx: Db,
  instituteId: string,
  demandId: string,
  classId: string,
): Promise<number> {
  const students = sql`sec.class_id = ${classId}::uuid and sec.academic_year_id = (select academic_year_id
    from fee_exam_demands where institute_id = ${instituteId}::uuid and id = ${demandId}::uuid)`;
  const inserted = await tx.execute(sql`
    insert into fee_dues (institute_id, student_id, source_kind, source_id, academic_year_id, head_id, seq, instalment, due_on, amount_paise)
    select ${instituteId}, s.id, 'exam_demand', e.id, e.academic_year_id, e.head_id, 0, e.name, e.due_on, (c.value->>'amount_paise')::bigint
    from fee_exam_demands e
    cross join lateral jsonb_array_elements(e.classes) c(value)
    join sections sec on sec.institute_id = e.institute_id and sec.academic_year_id = e.academic_year_id
      and sec.class_id = (c.value->>'class_id')::uuid
    join students s on s.institute_id = e.institute_id and s.section_id = sec.id and s.status = 'enrolled'
    where e.institute_id = ${instituteId} and e.id = ${demandId}::uuid and (c.value->>'class_id')::uuid = ${classId}::uuid
      and (c.value->>'amount_paise')::bigint > 0
    on conflict (institute_id, source_kind, source_id, student_id, head_id, seq) do nothing
    returning 1`);
  await applyRulesTo(tx, instituteId, students);
  await refreshDueSummaries(tx, instituteId, students);
  return (inserted as unknown as { rows: unknown[] }).rows.length;
}

/**
 * Fees' reaction to `student.enrolled` (students' index.ts): the placed students are billed by
 * their structure, in the enrolment's transaction.
 */
export async function billEnrolled(payload: StudentEnrolled) {
  await billStudents(payload.tx, payload.instituteId, studentsIn(payload.studentIds));
}

/**
 * A due from a one-off source (a bounce fine, a carried-forward balance, another module's charge):
 * at most one per source, student, head and instalment.
 */
export type NewCharge = {
  sourceKind: ChargeSourceKind;
  sourceId: string;
  studentId: string;
  academicYearId: string;
  headId: string;
  /** The source's instalment (0 when it bills once). */
  seq: number;
  instalment: string;
  dueOn: string;
  amountPaise: number;
};

const chargeKey = (d: {
  sourceKind: string;
  sourceId: string;
  studentId: string;
  headId: string;
  seq: number;
}) => `${d.sourceKind}:${d.sourceId}:${d.studentId}:${d.headId}:${d.seq}`;

/**
 * Adds one-off dues (a bounced cheque's fine, a previous year's balance, a charge of another
 * module): at most one per source, student, head and instalment (the unique index), so a retried
 * call creates nothing twice. No concession applies to them (they are not fees of the year's
 * structure). Answers the ids of the dues created, in the order given (a due that existed already
 * answers null).
 */
export async function addCharges(
  tx: Db,
  instituteId: string,
  dues: readonly NewCharge[],
): Promise<(string | null)[]> {
  if (dues.length === 0) return [];
  const inserted = await tx
    .insert(feeDues)
    .values(dues.map((d) => ({ instituteId, ...d })))
    .onConflictDoNothing()
    .returning({
      id: feeDues.id,
      sourceKind: feeDues.sourceKind,
      sourceId: feeDues.sourceId,
      studentId: feeDues.studentId,
      headId: feeDues.headId,
      seq: feeDues.seq,
    });
  await refreshDueSummaries(tx, instituteId, [...new Set(dues.map((d) => d.studentId))]);
  const byKey = new Map(inserted.map((r) => [chargeKey(r), r.id]));
  return dues.map((d) => byKey.get(chargeKey(d)) ?? null);
}
