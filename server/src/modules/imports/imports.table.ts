import { customType, index, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * An uploaded import file, kept in the database in chunks so that whichever instance runs the
 * import job can read it as a stream (a local file would live on one instance only).
 */
export const importFiles = tenantTable(
  'import_files',
  {
    kind: text('kind').notNull(),
    filename: text('filename').notNull(),
    format: text('format').$type<'csv' | 'xlsx'>().notNull(),
    size: integer('size').notNull(),
    /** The last line written by the import: a retried job carries on after it, never twice. */
    importedThrough: integer('imported_through').notNull().default(0),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_files_created_idx').on(t.instituteId, t.createdAt)],
);

export const importFileChunks = tenantTable(
  'import_file_chunks',
  {
    fileId: uuid('file_id').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [index('import_file_chunks_file_idx').on(t.instituteId, t.fileId, t.seq)],
);
