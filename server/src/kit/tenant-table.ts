import { type BuildColumns, type BuildExtraConfigColumns, sql } from 'drizzle-orm';
import {
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
  type PgTableWithColumns,
  pgPolicy,
  pgRole,
  pgTable,
  primaryKey,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The database role every scoped transaction runs as (kit/scope.ts). It is not a superuser and
 * owns no table, so PostgreSQL applies row-level security to it. Created by migration 0008.
 */
export const appUser = pgRole('app_user').existing();

/** The row's institute, as PostgreSQL reads it from the transaction's `app.institute_id`. */
export const CURRENT_INSTITUTE = sql`nullif(current_setting('app.institute_id', true), '')::uuid`;

type TenantColumns = {
  instituteId: ReturnType<typeof instituteColumn>;
  id: ReturnType<typeof idColumn>;
};
/**
 * The key every tenant row points to, named here so the kit needs nothing above it: the table
 * itself (its other columns) is platform/institutes' `institutes`, which drizzle reads for the
 * schema; this stand-in is never exported, only referenced.
 */
const instituteKey = pgTable('institutes', { id: uuid('id').primaryKey() });
const instituteColumn = () =>
  uuid('institute_id')
    .notNull()
    .references(() => instituteKey.id, { onDelete: 'cascade' });
const idColumn = () => uuid('id').notNull().defaultRandom();

/**
 * A tenant-owned table, by construction (DESIGN.md section 3, rule 4):
 * - `institute_id NOT NULL` is the first column and the key is `(institute_id, id)`, so a later
 *   move to Citus can distribute every such table by institute (ADR 007);
 * - row-level security is on, with one policy: `app_user` sees and writes only the rows of the
 *   institute its transaction was opened for. A query that forgets its `institute_id` filter
 *   returns nothing from another institute.
 *
 * Indexes should lead with `institute_id` too (the `extra` callback adds them).
 */
export function tenantTable<TName extends string, TColumns extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  columns: TColumns,
  extra?: (t: BuildExtraConfigColumns<TName, TenantColumns & TColumns, 'pg'>) => PgTableExtraConfigValue[],
): PgTableWithColumns<{
  name: TName;
  schema: undefined;
  columns: BuildColumns<TName, TenantColumns & TColumns, 'pg'>;
  dialect: 'pg';
}> {
  const all = { instituteId: instituteColumn(), id: idColumn(), ...columns } as TenantColumns & TColumns;
  return pgTable(name, all, (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    pgPolicy(`${name}_tenant`, {
      as: 'permissive',
      for: 'all',
      to: appUser,
      using: sql`${t.instituteId} = ${CURRENT_INSTITUTE}`,
      withCheck: sql`${t.instituteId} = ${CURRENT_INSTITUTE}`,
    }),
    ...(extra?.(t) ?? []),
  ]);
}
