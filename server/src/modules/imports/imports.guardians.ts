import {
  GUARDIAN_MESSAGES,
  type GuardianFields,
  guardianFieldsSchema,
  RELATIONS,
  type Relation,
} from '@schooliko/common/people/guardians';
import { IMPORT_MESSAGES } from '@schooliko/common/people/imports';
import { STUDENT_MESSAGES } from '@schooliko/common/people/students';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { FileColumn } from '../../kit/export';
import type { Actor } from '../../kit/scope';
import { recordCreated } from '../audit/audit.service';
import { GUARDIAN_COLUMNS } from '../guardians/guardians.columns';
import { groupFamily } from '../guardians/guardians.links';
import { columnsOf } from '../guardians/guardians.service';
import { guardians, studentGuardians } from '../guardians/guardians.table';
import { students } from '../students/students.table';
import { booleanCell, type CellReader, enumCell, phoneCell, readCells } from './imports.cells';
import { type Checked, type ImportDefinition, issuesToErrors } from './imports.definition';
import type { FileRow } from './imports.read';

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
  /** Mobile number → the guardian who has it: one person is one record, however many rows name them. */
  byPhone: Map<string, string>;
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
    const phones = await tx
      .select({ id: guardians.id, phone: guardians.phone })
      .from(guardians)
      .where(eq(guardians.instituteId, i))
      .orderBy(guardians.createdAt);
    const byPhone = new Map<string, string>();
    for (const g of phones) if (g.phone && !byPhone.has(g.phone)) byPhone.set(g.phone, g.id);
    return { students: new Map(known.map((s) => [s.no.toLowerCase(), s.id])), byPhone };
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
      else errors.push({ field: 'admission_no', message: IMPORT_MESSAGES.studentUnknown(no) });
    }
    const relation = relationOf(cells.relation ?? '');
    if (relation === undefined || (numbers.length && relation === null))
      errors.push({ field: 'relation', message: GUARDIAN_MESSAGES.relationRequired });
    else if (relation && !numbers.length)
      errors.push({ field: 'admission_no', message: IMPORT_MESSAGES.relationNeedsStudent });
    const pickup = booleanCell(cells.authorisedpickup || 'yes');
    if (typeof pickup !== 'boolean')
      errors.push({ field: 'authorised_pickup', message: STUDENT_MESSAGES.yesOrNo });
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
    const i = actor.institute.id;
    // New guardians: those whose number is neither on record nor on an earlier row.
    const fresh = new Map<string, GuardianImport['guardian']>();
    for (const { input } of rows)
      if (!context.byPhone.has(input.guardian.phone) && !fresh.has(input.guardian.phone))
        fresh.set(input.guardian.phone, input.guardian);
    if (fresh.size) {
      const made = await tx
        .insert(guardians)
        .values(
          [...fresh.values()].map((g) => ({ ...columnsOf(g), instituteId: i, name: g.name, phone: g.phone })),
        )
        .returning();
      for (const g of made) context.byPhone.set(g.phone, g.id);
      await recordCreated(
        tx,
        actor,
        'guardian',
        made.map((row) => ({ id: row.id, after: row })),
      );
    }

    // Ties: each (student, guardian) once, leaving the ones on record as they are.
    const wanted = rows.flatMap(({ input }) => {
      const guardianId = context.byPhone.get(input.guardian.phone) as string;
      const relation = input.relation;
      if (!relation) return [];
      return input.studentIds.map((studentId) => ({
        instituteId: i,
        studentId,
        guardianId,
        relation,
        authorisedPickup: input.authorisedPickup,
        isPrimary: false,
      }));
    });
    if (!wanted.length) return;
    const guardianIds = [...new Set(wanted.map((w) => w.guardianId))];
    const existing = await tx
      .select({ studentId: studentGuardians.studentId, guardianId: studentGuardians.guardianId })
      .from(studentGuardians)
      .where(and(eq(studentGuardians.instituteId, i), inArray(studentGuardians.guardianId, guardianIds)));
    const pairs = new Set(existing.map((e) => `${e.studentId}:${e.guardianId}`));
    const links = wanted.filter((w) => {
      const pair = `${w.studentId}:${w.guardianId}`;
      if (pairs.has(pair)) return false;
      pairs.add(pair);
      return true;
    });
    if (!links.length) return;
    const made = await tx.insert(studentGuardians).values(links).returning();
    await recordCreated(
      tx,
      actor,
      'student_guardian',
      made.map((l) => ({
        id: l.id,
        after: {
          student_id: l.studentId,
          guardian_id: l.guardianId,
          relation: l.relation,
          authorised_pickup: l.authorisedPickup,
        },
      })),
      'link',
    );
    // Siblings who now share a guardian become one family.
    const linked = await tx
      .select()
      .from(guardians)
      .where(
        and(eq(guardians.instituteId, i), inArray(guardians.id, [...new Set(made.map((l) => l.guardianId))])),
      );
    for (const guardian of linked) await groupFamily(tx, actor, guardian);
  },
};
