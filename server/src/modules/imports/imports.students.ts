import { PEOPLE_FIELD_MESSAGES } from '@schooliko/common/people/fields';
import { IMPORT_MESSAGES } from '@schooliko/common/people/imports';
import { type CreateStudent, createStudentSchema, STUDENT_MESSAGES } from '@schooliko/common/people/students';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { FileColumn } from '../../kit/export';
import type { Actor } from '../../kit/scope';
import { recordCreated } from '../../platform/audit/audit.service';
import { academicYears, classes, sections } from '../classes';
import { STUDENT_COLUMNS, students, syncEnrolments } from '../students';
import {
  booleanCell,
  type CellReader,
  dateCell,
  enumCell,
  genderCell,
  phoneCell,
  readCells,
} from './imports.cells';
import { type Checked, firstUse, type ImportDefinition, issuesToErrors } from './imports.definition';
import { columnKey, type FileRow } from './imports.read';
import { type GuardiansByPhone, guardianIds, guardiansByPhone, tieGuardians } from './imports.ties';

type Parent = { name: string; phone: string };
type StudentImport = { student: CreateStudent; father: Parent | null; mother: Parent | null };
type Context = {
  sections: Map<string, string>;
  taken: Set<string>;
  seen: Map<string, number>;
  byPhone: GuardiansByPhone;
};

const PARENT_COLUMNS: readonly FileColumn<never>[] = [
  { key: 'father_name', header: 'Father Name', value: () => '' },
  { key: 'father_phone', header: 'Father Phone', value: () => '' },
  { key: 'mother_name', header: 'Mother Name', value: () => '' },
  { key: 'mother_phone', header: 'Mother Phone', value: () => '' },
];

const READERS: Record<string, CellReader> = {
  bpl: booleanCell,
  rte: booleanCell,
  cwsn: booleanCell,
  date_of_birth: dateCell,
  admitted_on: dateCell,
  gender: genderCell,
  social_category: enumCell,
  impairment: enumCell,
  medium: enumCell,
  stream: enumCell,
  blood_group: (v) => v.toUpperCase().replace(/\s+/g, ''),
};
const FIELDS = STUDENT_COLUMNS.map((c) => c.key).filter((k) => k !== 'section' && k !== 'status');

function parent(cells: Record<string, string>, who: 'father' | 'mother'): Parent | null {
  const name = cells[`${who}name`] ?? '';
  return name ? { name, phone: phoneCell(cells[`${who}phone`] ?? '') } : null;
}

/** Students with their father and mother, from the columns of the students export. */
export const studentsImport: ImportDefinition<StudentImport, Context> = {
  kind: 'students',
  permission: 'people:import',
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
      byPhone: await guardiansByPhone(tx, actor),
    };
  },

  check({ line, cells }: FileRow, context: Context): Checked<StudentImport> {
    const raw = readCells(cells, FIELDS, READERS);
    const errors: { field: string; message: string }[] = [];
    const label = cells.section ?? '';
    if (label) {
      const id = context.sections.get(columnKey(label));
      if (id) raw.section_id = id;
      else errors.push({ field: 'section', message: IMPORT_MESSAGES.sectionUnknown(label).text });
    }
    const parsed = createStudentSchema.safeParse(raw);
    if (!parsed.success) errors.push(...issuesToErrors(parsed.error.issues));
    const taken = firstUse(String(raw.admission_no ?? ''), line, context, {
      inFile: IMPORT_MESSAGES.duplicateInFile,
      taken: STUDENT_MESSAGES.admissionNoTaken,
    });
    if (taken) errors.push({ field: 'admission_no', message: taken });
    for (const who of ['father', 'mother'] as const) {
      const p = parent(cells, who);
      if (p && !/^[6-9]\d{9}$/.test(p.phone))
        errors.push({ field: `${who}_phone`, message: PEOPLE_FIELD_MESSAGES.phoneInvalid.text });
    }
    if (errors.length || !parsed.success) return { line, errors };
    return {
      line,
      input: { student: parsed.data, father: parent(cells, 'father'), mother: parent(cells, 'mother') },
    };
  },

  async write(tx: Db, actor: Actor, rows, context: Context): Promise<void> {
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
    await recordCreated(
      tx,
      actor,
      'student',
      inserted.map((row) => ({
        id: row.id,
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
    // A parent known by their number (on record, or an earlier row: a sibling's) is one guardian.
    const { ids, fresh } = await guardianIds(tx, actor, parents, context.byPhone);
    await tieGuardians(
      tx,
      actor,
      parents.map((p, n) => ({
        studentId: p.studentId,
        guardianId: ids[n] as string,
        relation: p.relation,
        isPrimary: p.relation === 'father',
        authorisedPickup: true,
      })),
      fresh,
      true,
    );
  },
};
