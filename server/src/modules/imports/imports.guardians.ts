import {
  GUARDIAN_MESSAGES,
  type GuardianFields,
  guardianFieldsSchema,
  RELATIONS,
  type Relation,
} from '@schooliko/common/people/guardians';
import { IMPORT_MESSAGES } from '@schooliko/common/people/imports';
import { STUDENT_MESSAGES } from '@schooliko/common/people/students';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { FileColumn } from '../../kit/export';
import type { Actor } from '../../kit/scope';
import { GUARDIAN_COLUMNS } from '../guardians';
import { students } from '../students';
import { booleanCell, type CellReader, enumCell, phoneCell, readCells } from './imports.cells';
import { type Checked, type ImportDefinition, issuesToErrors } from './imports.definition';
import type { FileRow } from './imports.read';
import { type GuardiansByPhone, guardianIds, guardiansByPhone, tieGuardians } from './imports.ties';

type GuardianImport = {
  guardian: z.output<typeof guardianFieldsSchema>;
  /** The students to tie the guardian to (ids), with the relation and pickup flag of every tie. */
  studentIds: string[];
  relation: Relation | null;
  authorisedPickup: boolean;
};
type Context = {
  /** Admission number (lower case) → student id. */
  students: Map<string, string>;
  byPhone: GuardiansByPhone;
};

const LINK_COLUMNS: readonly FileColumn<never>[] = [
  { key: 'admission_no', header: 'Admission No', value: () => '' },
  { key: 'relation', header: 'Relation', value: () => '' },
  { key: 'authorised_pickup', header: 'Authorised Pickup', value: () => '' },
];
const OWN = (GUARDIAN_COLUMNS as readonly FileColumn<never>[]).filter(
  (c) => c.key !== 'children' && c.key !== 'relations',
);
const FIELDS = OWN.map((c) => c.key);
const READERS: Record<string, CellReader> = { phone: phoneCell, education: enumCell };
const RELATION_WORDS: Record<string, Relation> = {
  grandfather: 'grandparent',
  grandmother: 'grandparent',
  brother: 'sibling',
  sister: 'sibling',
  uncle: 'other',
  aunt: 'other',
};

function relationOf(cell: string): Relation | null | undefined {
  const word = enumCell(cell);
  if (!word) return null;
  if ((RELATIONS as readonly string[]).includes(word)) return word as Relation;
  return RELATION_WORDS[word];
}

/**
 * Parents and guardians, one per row (the guardians export's columns), each tied to the students
 * whose admission numbers the row names ("2026/101; 2026/102" for siblings), with the relation
 * and whether they may collect the child. A guardian is known by their mobile number: a number
 * already on record, or on an earlier row, ties that guardian to more students instead of adding
 * them twice; a tie that exists already is kept as it is.
 */
export const guardiansImport: ImportDefinition<GuardianImport, Context> = {
  kind: 'guardians',
  permission: 'guardians:write',
  columns: [...OWN, ...LINK_COLUMNS],
  required: ['name', 'phone'],

  async prepare(tx: Db, actor: Actor): Promise<Context> {
    const i = actor.institute.id;
    const known = await tx
      .select({ id: students.id, no: students.admissionNo })
      .from(students)
      .where(eq(students.instituteId, i));
    return {
      students: new Map(known.map((s) => [s.no.toLowerCase(), s.id])),
      byPhone: await guardiansByPhone(tx, actor),
    };
  },

  check({ line, cells }: FileRow, context: Context): Checked<GuardianImport> {
    const parsed = guardianFieldsSchema.safeParse(readCells(cells, FIELDS, READERS) as GuardianFields);
    const errors = parsed.success ? [] : issuesToErrors(parsed.error.issues);
    const numbers = (cells.admissionno ?? '')
      .split(/[;,]/)
      .map((n) => n.trim())
      .filter(Boolean);
    const studentIds: string[] = [];
    for (const no of numbers) {
      const id = context.students.get(no.toLowerCase());
      if (id) studentIds.push(id);
      else errors.push({ field: 'admission_no', message: IMPORT_MESSAGES.studentUnknown(no).text });
    }
    const relation = relationOf(cells.relation ?? '');
    if (relation === undefined || (numbers.length && relation === null))
      errors.push({ field: 'relation', message: GUARDIAN_MESSAGES.relationRequired.text });
    else if (relation && !numbers.length)
      errors.push({ field: 'admission_no', message: IMPORT_MESSAGES.relationNeedsStudent.text });
    const pickup = booleanCell(cells.authorisedpickup || 'yes');
    if (typeof pickup !== 'boolean')
      errors.push({ field: 'authorised_pickup', message: STUDENT_MESSAGES.yesOrNo.text });
    if (errors.length || !parsed.success || typeof pickup !== 'boolean') return { line, errors };
    return {
      line,
      input: {
        guardian: parsed.data,
        studentIds: [...new Set(studentIds)],
        relation: relation ?? null,
        authorisedPickup: pickup,
      },
    };
  },

  async write(tx: Db, actor: Actor, rows, context: Context): Promise<void> {
    const { ids, fresh } = await guardianIds(
      tx,
      actor,
      rows.map((r) => r.input.guardian),
      context.byPhone,
    );
    const ties = rows.flatMap(({ input }, n) => {
      const relation = input.relation;
      if (!relation) return [];
      return input.studentIds.map((studentId) => ({
        studentId,
        guardianId: ids[n] as string,
        relation,
        authorisedPickup: input.authorisedPickup,
        isPrimary: false,
      }));
    });
    await tieGuardians(tx, actor, ties, fresh);
  },
};
