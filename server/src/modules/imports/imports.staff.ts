import { IMPORT_MESSAGES } from '@schooliko/common/people/imports';
import { type CreateStaff, createStaffSchema, STAFF_MESSAGES } from '@schooliko/common/people/staff';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { FileColumn } from '../../kit/export';
import type { Actor } from '../../kit/scope';
import { recordCreated } from '../../platform/audit/audit.service';
import { columnsOf, STAFF_COLUMNS, staff } from '../staff';
import { type CellReader, dateCell, enumCell, genderCell, phoneCell, readCells } from './imports.cells';
import { type Checked, firstUse, type ImportDefinition, issuesToErrors } from './imports.definition';
import type { FileRow } from './imports.read';

type Context = { taken: Set<string>; seen: Map<string, number> };

/** What a staff member's record keeps as its state, not what a file says. */
const STATE = new Set(['status', 'relieved_on']);
const COLUMNS = STAFF_COLUMNS.filter((c) => !STATE.has(c.key)) as readonly FileColumn<never>[];
const FIELDS = COLUMNS.map((c) => c.key);
const READERS: Record<string, CellReader> = {
  kind: (v) => enumCell(v) || undefined,
  gender: genderCell,
  phone: phoneCell,
  date_of_birth: dateCell,
  joining_date: dateCell,
  police_verification_on: dateCell,
  psychometric_evaluation_on: dateCell,
  experience_years: (v) => (v.trim() === '' ? undefined : v),
};

/** Teachers and office staff, from the columns of the staff export; each joins as active. */
export const staffImport: ImportDefinition<CreateStaff, Context> = {
  kind: 'staff',
  permission: 'staff:write',
  columns: COLUMNS,
  required: ['employeecode', 'firstname', 'joiningdate'],

  async prepare(tx: Db, actor: Actor): Promise<Context> {
    const taken = await tx
      .select({ code: staff.employeeCode })
      .from(staff)
      .where(eq(staff.instituteId, actor.institute.id));
    return { taken: new Set(taken.map((t) => t.code.toLowerCase())), seen: new Map() };
  },

  check({ line, cells }: FileRow, context: Context): Checked<CreateStaff> {
    const parsed = createStaffSchema.safeParse(readCells(cells, FIELDS, READERS));
    const errors = parsed.success ? [] : issuesToErrors(parsed.error.issues);
    const taken = firstUse((cells.employeecode ?? '').trim(), line, context, {
      inFile: IMPORT_MESSAGES.codeInFile,
      taken: STAFF_MESSAGES.employeeCodeTaken,
    });
    if (taken) errors.push({ field: 'employee_code', message: taken });
    if (errors.length || !parsed.success) return { line, errors };
    return { line, input: parsed.data };
  },

  async write(tx: Db, actor: Actor, rows): Promise<void> {
    const inserted = await tx
      .insert(staff)
      .values(
        rows.map(({ input: s }) => ({
          ...columnsOf(s),
          instituteId: actor.institute.id,
          employeeCode: s.employee_code,
          firstName: s.first_name,
          joiningDate: s.joining_date,
          status: 'active' as const,
        })),
      )
      .returning();
    await recordCreated(
      tx,
      actor,
      'staff',
      inserted.map((row) => ({ id: row.id, after: row })),
    );
  },
};
