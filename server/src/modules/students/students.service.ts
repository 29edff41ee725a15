import { CLASS_MESSAGES } from '@schooliko/common/people/classes';
import {
  type AddedStudent,
  type CreateStudent,
  STUDENT_MESSAGES,
  STUDENT_TRANSITIONS,
  type Student,
  type UpdateStudent,
} from '@schooliko/common/people/students';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { recentChanges, recordChange } from '../../platform/audit/audit.service';
import { httpError } from '../../plugins/errors';
import { sections } from '../classes';
import { addFirstGuardian } from '../guardians';
import { syncEnrolments } from './enrolments.service';
import { assertMayAddTo } from './students.policy';
import { findStudent, toStudent } from './students.read';
import { type StudentRow, students } from './students.table';

function columnsOf(input: Partial<CreateStudent>): Partial<StudentRow> {
  const map: Partial<StudentRow> = {
    admissionNo: input.admission_no,
    rollNo: input.roll_no,
    firstName: input.first_name,
    middleName: input.middle_name,
    lastName: input.last_name,
    dateOfBirth: input.date_of_birth,
    gender: input.gender,
    bloodGroup: input.blood_group,
    socialCategory: input.social_category,
    religion: input.religion,
    motherTongue: input.mother_tongue,
    nationality: input.nationality,
    apaarId: input.apaar_id,
    pen: input.pen,
    aadhaarLast4: input.aadhaar_last4,
    bpl: input.bpl,
    rte: input.rte,
    cwsn: input.cwsn,
    impairment: input.impairment,
    address: input.address,
    city: input.city,
    state: input.state,
    pincode: input.pincode,
    photoUrl: input.photo_url,
    previousSchool: input.previous_school,
    previousTcNo: input.previous_tc_no,
    medium: input.medium,
    stream: input.stream,
    house: input.house,
    sectionId: input.section_id,
    admittedOn: input.admitted_on,
  };
  return Object.fromEntries(Object.entries(map).filter(([, v]) => v !== undefined)) as Partial<StudentRow>;
}

async function assertAdmissionNoFree(tx: Db, actor: Actor, admissionNo: string, except?: string) {
  const [taken] = await tx
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        eq(students.instituteId, actor.institute.id),
        sql`lower(${students.admissionNo}) = lower(${admissionNo})`,
      ),
    )
    .limit(1);
  if (taken && taken.id !== except)
    throw httpError(409, STUDENT_MESSAGES.admissionNoTaken, {
      admission_no: STUDENT_MESSAGES.admissionNoTaken,
    });
}

/** A section of this institute with room for one more on its rolls. */
async function assertSectionHasRoom(tx: Db, actor: Actor, sectionId: string) {
  const [section] = await tx
    .select({
      capacity: sections.capacity,
      taken:
        sql<number>`(select count(*) from ${students} where ${students.instituteId} = ${actor.institute.id} and ${students.sectionId} = ${sectionId} and ${students.status} in ('enrolled','promoted','detained'))`.mapWith(
          Number,
        ),
    })
    .from(sections)
    .where(and(eq(sections.instituteId, actor.institute.id), eq(sections.id, sectionId)))
    .limit(1);
  if (!section)
    throw httpError(400, CLASS_MESSAGES.sectionNotFound, { section_id: CLASS_MESSAGES.sectionNotFound });
  if (section.taken >= section.capacity)
    throw httpError(409, STUDENT_MESSAGES.sectionFull, { section_id: STUDENT_MESSAGES.sectionFull });
}

/**
 * Adds a student (audited) and, when the form names one, their first guardian (issue 32) through
 * the guardians module, in the same transaction: a refused guardian saves nothing.
 */
export async function createStudent(
  tx: Db,
  actor: Actor,
  { guardian, ...input }: CreateStudent,
): Promise<AddedStudent> {
  await assertMayAddTo(tx, actor, input.section_id);
  await assertAdmissionNoFree(tx, actor, input.admission_no);
  if (input.section_id) await assertSectionHasRoom(tx, actor, input.section_id);
  const [row] = await tx
    .insert(students)
    .values({
      ...columnsOf(input),
      instituteId: actor.institute.id,
      admissionNo: input.admission_no,
      firstName: input.first_name,
      dateOfBirth: input.date_of_birth,
      gender: input.gender,
      status: 'enrolled',
      admittedOn: input.admitted_on ?? new Date().toISOString().slice(0, 10),
    })
    .returning();
  if (!row) throw new Error('student not stored');
  await syncEnrolments(tx, actor.institute.id, [row.id]);
  await recordChange(tx, actor, { entity: 'student', entityId: row.id, action: 'create', after: row });
  const firstGuardian = guardian ? await addFirstGuardian(tx, actor, row.id, guardian) : null;
  return { ...toStudent(await findStudent(tx, actor, row.id), actor), first_guardian: firstGuardian };
}

export async function updateStudent(
  tx: Db,
  actor: Actor,
  id: string,
  input: UpdateStudent,
): Promise<Student> {
  const before = await findStudent(tx, actor, id);
  const changes: Partial<StudentRow> = columnsOf(input);
  if (input.admission_no && input.admission_no !== before.admissionNo)
    await assertAdmissionNoFree(tx, actor, input.admission_no, id);
  if (input.section_id && input.section_id !== before.sectionId)
    await assertSectionHasRoom(tx, actor, input.section_id);
  if (input.status && input.status !== before.status) {
    if (!STUDENT_TRANSITIONS[before.status].includes(input.status))
      throw httpError(409, STUDENT_MESSAGES.badTransition, { status: STUDENT_MESSAGES.badTransition });
    changes.status = input.status;
    if (input.status === 'left') changes.leftOn = new Date().toISOString().slice(0, 10);
    if (input.status === 'enrolled') changes.leftOn = null;
  }
  if (input.leaving_reason !== undefined) changes.leavingReason = input.leaving_reason;
  // A PATCH that names no field changes nothing (and an UPDATE needs something to set).
  if (Object.keys(changes).length === 0) return toStudent(before, actor);
  const [after] = await tx
    .update(students)
    .set(changes)
    .where(and(eq(students.instituteId, actor.institute.id), eq(students.id, id)))
    .returning();
  if (!after) throw httpError(404, STUDENT_MESSAGES.notFound);
  if (changes.sectionId !== undefined || changes.rollNo !== undefined)
    await syncEnrolments(tx, actor.institute.id, [id]);
  const { sectionName: _s, className: _c, ...beforeRow } = before;
  await recordChange(tx, actor, {
    entity: 'student',
    entityId: id,
    action: changes.status ? `status:${changes.status}` : 'update',
    before: beforeRow,
    after,
  });
  return toStudent(await findStudent(tx, actor, id), actor);
}

/** The section list's counts: students on the rolls per section. */
export async function rollCounts(tx: Db, instituteId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ sectionId: students.sectionId, n: count() })
    .from(students)
    .where(
      and(
        eq(students.instituteId, instituteId),
        sql`${students.status} in ('enrolled','promoted','detained')`,
      ),
    )
    .groupBy(students.sectionId)
    .orderBy(asc(students.sectionId));
  return new Map(rows.filter((r) => r.sectionId).map((r) => [r.sectionId as string, r.n]));
}

/**
 * The admission number to suggest for the next pupil (issue 32): the one after the highest of the
 * series the latest admission used (its text before the trailing digits, the digits as wide):
 * `2026/011` → `2026/012`. Null before the first admission. Read by indexes at any size.
 */
export async function nextAdmissionNo(tx: Db, actor: Actor): Promise<string | null> {
  const [latest] = await recentChanges(tx, actor.institute.id, { entity: 'student', action: 'create' }, 1);
  const last = (latest?.after as { admissionNo?: string } | undefined)?.admissionNo;
  const series = last?.match(/^(.*?)(\d+)$/);
  if (!series) return null;
  const [, prefix = '', digits = ''] = series;
  const [highest] = await tx
    .select({ no: students.admissionNo })
    .from(students)
    .where(
      and(
        eq(students.instituteId, actor.institute.id),
        sql`${students.admissionNo} >= ${prefix} and ${students.admissionNo} < ${`${prefix}\u{10FFFF}`}`,
        sql`left(${students.admissionNo}, ${prefix.length}) = ${prefix}`,
        sql`length(${students.admissionNo}) = ${prefix.length + digits.length}`,
        sql`right(${students.admissionNo}, ${digits.length}) ~ '^[0-9]+$'`,
      ),
    )
    .orderBy(desc(students.admissionNo))
    .limit(1);
  const top = Number((highest?.no ?? last ?? '').slice(prefix.length));
  return `${prefix}${String(top + 1).padStart(digits.length, '0')}`;
}
