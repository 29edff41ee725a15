import { IMPORT_MESSAGES } from '@schooliko/common/people/imports';
import { type CreateStudent, createStudentSchema } from '@schooliko/common/people/students';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { FileColumn } from '../../kit/export';
import type { Actor } from '../../kit/scope';
import { auditLog } from '../audit/audit.table';
import { academicYears, classes, sections } from '../classes/classes.table';
import { guardians, studentGuardians } from '../guardians/guardians.table';
import { syncEnrolments } from '../students/enrolments.service';
import { STUDENT_COLUMNS } from '../students/students.columns';
import { students } from '../students/students.table';
import { booleanCell, dateCell, enumCell, genderCell } from './imports.cells';
import { type Checked, type ImportDefinition, issuesToErrors } from './imports.definition';
import { columnKey, type FileRow } from './imports.read';

type Parent = { name: string; phone: string };
type StudentImport = { student: CreateStudent; father: Parent | null; mother: Parent | null };
type Context = { sections: Map<string, string>; taken: Set<string>; seen: Map<string, number> };

const PARENT_COLUMNS: readonly FileColumn<never>[] = [
  { key: 'father_name', header: 'Father Name', value: () => '' },
  { key: 'father_phone', header: 'Father Phone', value: () => '' },
  { key: 'mother_name', header: 'Mother Name', value: () => '' },
  { key: 'mother_phone', header: 'Mother Phone', value: () => '' },
];

const BOOLEANS = new Set(['bpl', 'rte', 'cwsn']);
const DATES = new Set(['date_of_birth', 'admitted_on']);
const ENUMS = new Set(['social_category', 'impairment', 'medium', 'stream']);

function parent(cells: Record<string, string>, who: 'father' | 'mother'): Parent | null {
  const name = cells[`${who}name`] ?? '';
  const phone = (cells[`${who}phone`] ?? '').replace(/[\s-]/g, '').replace(/^(\+91|0)(?=\d{10}$)/, '');
  return name ? { name, phone } : null;
}

/** Students with their father and mother, from the columns of the students export. */
export const studentsImport: ImportDefinition<StudentImport, Context> = {
  kind: 'students',
  columns: [
    ...(STUDENT_COLUMNS.filter((c) => c.key !== 'status') as readonly FileColumn<never>[]),
    ...PARENT_COLUMNS,
  ],
  required: ['admissionno', 'firstname', 'dateofbirth', 'gender'],

  async prepare(tx: Db, actor: Actor): Promise<Context> {
    const i = actor.institute.id;
    const labelled = await tx
      .select({ id: sections.id, section: sections.name, className: classes.name })
      .from(sections)
      .innerJoin(
        classes,
        and(eq(classes.instituteId, sections.instituteId), eq(classes.id, sections.classId)),
      )
      .innerJoin(
        academicYears,
        and(
          eq(academicYears.instituteId, sections.instituteId),
          eq(academicYears.id, sections.academicYearId),
        ),
      )
      .where(and(eq(sections.instituteId, i), eq(academicYears.isCurrent, true)));
    const taken = await tx
      .select({ no: students.admissionNo })
      .from(students)
      .where(eq(students.instituteId, i));
    return {
      sections: new Map(labelled.map((s) => [columnKey(`${s.className}-${s.section}`), s.id])),
      taken: new Set(taken.map((t) => t.no.toLowerCase())),
      seen: new Map(),
    };
  },

  check({ line, cells }: FileRow, context: Context): Checked<StudentImport> {
    const raw: Record<string, unknown> = {};
    for (const column of STUDENT_COLUMNS) {
      const value = cells[columnKey(column.key)];
      if (value === undefined || column.key === 'section' || column.key === 'status') continue;
      raw[column.key] = BOOLEANS.has(column.key)
        ? booleanCell(value)
        : DATES.has(column.key)
          ? dateCell(value)
          : column.key === 'gender'
            ? genderCell(value)
            : ENUMS.has(column.key)
              ? enumCell(value)
              : column.key === 'blood_group'
                ? value.toUpperCase().replace(/\s+/g, '')
                : value;
    }
    const errors: { field: string; message: string }[] = [];
    const label = cells.section ?? '';
    if (label) {
      const id = context.sections.get(columnKey(label));
      if (id) raw.section_id = id;
      else errors.push({ field: 'section', message: IMPORT_MESSAGES.sectionUnknown(label) });
    }
    const parsed = createStudentSchema.safeParse(raw);
    if (!parsed.success) errors.push(...issuesToErrors(parsed.error.issues));
    const no = String(raw.admission_no ?? '').toLowerCase();
    if (no) {
      const earlier = context.seen.get(no);
      if (earlier) errors.push({ field: 'admission_no', message: IMPORT_MESSAGES.duplicateInFile(earlier) });
      else if (context.taken.has(no))
        errors.push({
          field: 'admission_no',
          message: 'This admission number is already used by another student',
        });
      else context.seen.set(no, line);
    }
    for (const who of ['father', 'mother'] as const) {
      const p = parent(cells, who);
      if (p && !/^[6-9]\d{9}$/.test(p.phone))
        errors.push({ field: `${who}_phone`, message: 'Please enter a valid 10-digit mobile number' });
    }
    if (errors.length || !parsed.success) return { line, errors };
    return {
      line,
      input: { student: parsed.data, father: parent(cells, 'father'), mother: parent(cells, 'mother') },
    };
  },

  async write(tx: Db, actor: Actor, rows): Promise<void> {
    const i = actor.institute.id;
    const today = new Date().toISOString().slice(0, 10);
    const inserted = await tx
      .insert(students)
      .values(
        rows.map(({ input: { student: s } }) => ({
          instituteId: i,
          admissionNo: s.admission_no,
          rollNo: s.roll_no,
          firstName: s.first_name,
          middleName: s.middle_name,
          lastName: s.last_name,
          dateOfBirth: s.date_of_birth,
          gender: s.gender,
          bloodGroup: s.blood_group,
          socialCategory: s.social_category,
          religion: s.religion,
          motherTongue: s.mother_tongue,
          nationality: s.nationality,
          apaarId: s.apaar_id,
          pen: s.pen,
          aadhaarLast4: s.aadhaar_last4,
          bpl: s.bpl,
          rte: s.rte,
          cwsn: s.cwsn,
          impairment: s.impairment,
          address: s.address,
          city: s.city,
          state: s.state,
          pincode: s.pincode,
          photoUrl: s.photo_url,
          previousSchool: s.previous_school,
          previousTcNo: s.previous_tc_no,
          medium: s.medium,
          stream: s.stream,
          house: s.house,
          sectionId: s.section_id,
          admittedOn: s.admitted_on ?? today,
        })),
      )
      .returning();
    await syncEnrolments(
      tx,
      i,
      inserted.map((row) => row.id),
    );
    await tx.insert(auditLog).values(
      inserted.map((row) => ({
        instituteId: i,
        entity: 'student',
        entityId: row.id,
        action: 'import',
        actorId: actor.userId,
        after: { admissionNo: row.admissionNo, firstName: row.firstName, lastName: row.lastName },
      })),
    );
    const parents = rows.flatMap((row, n) =>
      (['father', 'mother'] as const).flatMap((relation) => {
        const p = row.input[relation];
        const studentId = inserted[n]?.id;
        return p && studentId ? [{ relation, studentId, ...p }] : [];
      }),
    );
    if (!parents.length) return;
    const made = await tx
      .insert(guardians)
      .values(parents.map((p) => ({ instituteId: i, name: p.name, phone: p.phone, address: '' })))
      .returning({ id: guardians.id });
    await tx.insert(studentGuardians).values(
      parents.map((p, n) => ({
        instituteId: i,
        studentId: p.studentId,
        guardianId: made[n]?.id as string,
        relation: p.relation,
        isPrimary: p.relation === 'father',
        authorisedPickup: true,
      })),
    );
  },
};
