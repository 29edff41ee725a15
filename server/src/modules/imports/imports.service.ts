import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ERRORS,
  IMPORT_MESSAGES,
  type ImportKind,
  type ImportMode,
  type ImportResult,
} from '@schooliko/common/people/imports';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ModuleJob } from '../../kit/module';
import { type Actor, inInstitute } from '../../kit/scope';
import { actorForJob, type JobStarter } from '../../platform/jobs/jobs.actor';
import { httpError } from '../../plugins/errors';
import { guardians, studentGuardians } from '../guardians';
import { staff } from '../staff';
import { students } from '../students';
import { FileProblem, type ImportDefinition, type RowError } from './imports.definition';
import { guardiansImport } from './imports.guardians';
import { type ImportFormat, readRows, sniff } from './imports.read';
import { staffImport } from './imports.staff';
import { studentsImport } from './imports.students';
import { importFileChunks, importFiles } from './imports.table';

const CHUNK_BYTES = 256 * 1024;
const BATCH_ROWS = 500;

// biome-ignore lint/suspicious/noExplicitAny: each definition has its own input and context types
export const IMPORTS: Record<ImportKind, ImportDefinition<any, any>> = {
  students: studentsImport,
  staff: staffImport,
  guardians: guardiansImport,
};

/**
 * Keeps an uploaded file in the database in 256 KB chunks as it arrives (never whole in memory),
 * inside the caller's transaction. A file over the limit, or one that is plainly not CSV or
 * .xlsx, is refused before anything is kept.
 */
export async function storeUpload(
  tx: Db,
  actor: Actor,
  kind: ImportKind,
  file: { filename: string; stream: AsyncIterable<Buffer>; truncated: () => boolean },
): Promise<{ fileId: string; format: ImportFormat; size: number }> {
  const [row] = await tx
    .insert(importFiles)
    .values({
      instituteId: actor.institute.id,
      kind,
      filename: file.filename,
      format: 'csv',
      size: 0,
      createdBy: actor.userId,
    })
    .returning({ id: importFiles.id });
  if (!row) throw new Error('import file not stored');
  let format: ImportFormat | null = null;
  let size = 0;
  let seq = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (!pendingBytes) return;
    await tx
      .insert(importFileChunks)
      .values({ instituteId: actor.institute.id, fileId: row.id, seq: seq++, data: Buffer.concat(pending) });
    pending = [];
    pendingBytes = 0;
  };
  for await (const chunk of file.stream) {
    if (format === null) {
      try {
        format = sniff(chunk, file.filename);
      } catch (error) {
        if (error instanceof FileProblem) throw httpError(415, error.said, { file: error.said });
        throw error;
      }
    }
    size += chunk.length;
    if (size > IMPORT_MAX_BYTES)
      throw httpError(413, IMPORT_MESSAGES.tooLarge, { file: IMPORT_MESSAGES.tooLarge });
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes >= CHUNK_BYTES) await flush();
  }
  if (file.truncated()) throw httpError(413, IMPORT_MESSAGES.tooLarge, { file: IMPORT_MESSAGES.tooLarge });
  await flush();
  if (!format || size === 0) throw httpError(400, IMPORT_MESSAGES.empty, { file: IMPORT_MESSAGES.empty });
  await tx
    .update(importFiles)
    .set({ format, size })
    .where(and(eq(importFiles.instituteId, actor.institute.id), eq(importFiles.id, row.id)));
  return { fileId: row.id, format, size };
}

/** The stored file's bytes, one chunk per query (each in its own scoped read). */
async function* storedChunks(db: Db, instituteId: string, fileId: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const [chunk] = await inInstitute(db, instituteId, (tx) =>
      tx
        .select({ data: importFileChunks.data })
        .from(importFileChunks)
        .where(
          and(
            eq(importFileChunks.instituteId, instituteId),
            eq(importFileChunks.fileId, fileId),
            eq(importFileChunks.seq, seq),
          ),
        )
        .limit(1),
    );
    if (!chunk) return;
    yield chunk.data;
  }
}

export type ImportReport = {
  progress: (done: number, total: number) => Promise<void> | void;
  errors: (errors: RowError[]) => Promise<void> | void;
};

/**
 * Checks every row of the file; in `import` mode then writes the valid rows, 500 to a
 * transaction, each batch recording the last line it wrote, so that a retried job carries on
 * where the last attempt stopped and never imports a row twice. A problem with the file as a
 * whole (encoding, a broken CSV, missing columns) fails the job before anything is written.
 */
export async function runImport(
  db: Db,
  actor: Actor,
  job: { fileId: string; kind: ImportKind; mode: ImportMode },
  report: ImportReport,
): Promise<ImportResult> {
  const definition = IMPORTS[job.kind];
  if (!definition) throw new FileProblem(IMPORT_MESSAGES.noImport);
  const i = actor.institute.id;
  const [file] = await inInstitute(db, i, (tx) =>
    tx
      .select()
      .from(importFiles)
      .where(and(eq(importFiles.instituteId, i), eq(importFiles.id, job.fileId)))
      .limit(1),
  );
  if (!file) throw new FileProblem(IMPORT_MESSAGES.empty);
  const done = file.importedThrough;

  // Pass 1: check every row (what a preview shows, and what an import will skip).
  let context = await inInstitute(db, i, (tx) => definition.prepare(tx, actor));
  let rows = 0;
  let valid = 0;
  let kept = 0;
  // Rows a previous attempt of this job wrote (counted as imported, not checked again).
  let previously = 0;
  let headerChecked = false;
  for await (const row of readRows(storedChunks(db, i, job.fileId), file.format)) {
    if (!headerChecked) {
      headerChecked = true;
      const missing = definition.required.filter((key) => !(key in row.cells));
      if (missing.length) {
        const names = definition.columns
          .filter((c) => missing.includes(c.key.replaceAll('_', '')))
          .map((c) => c.header);
        throw new FileProblem(IMPORT_MESSAGES.missingColumns(names));
      }
    }
    rows++;
    if (row.line <= done) {
      valid++;
      previously++;
      continue;
    }
    const checked = definition.check(row, context);
    if ('input' in checked) valid++;
    else if (kept < IMPORT_MAX_ERRORS) {
      const errors = checked.errors
        .slice(0, IMPORT_MAX_ERRORS - kept)
        .map((e) => ({ line: checked.line, ...e }));
      kept += errors.length;
      await report.errors(errors);
    }
    if (rows % BATCH_ROWS === 0) await report.progress(rows, 0);
  }
  const result: ImportResult = { mode: job.mode, rows, valid, invalid: rows - valid, imported: 0 };
  if (job.mode === 'preview' || valid === 0) {
    await report.progress(rows, rows);
    return result;
  }

  // Pass 2: write the valid rows, a batch per transaction, carrying on after `done`.
  context = await inInstitute(db, i, (tx) => definition.prepare(tx, actor));
  let imported = previously;
  let batch: { line: number; input: unknown }[] = [];
  const write = async () => {
    if (!batch.length) return;
    const last = batch[batch.length - 1]?.line ?? 0;
    const rowsToWrite = batch;
    await inInstitute(db, i, async (tx) => {
      await definition.write(tx, actor, rowsToWrite, context);
      await tx
        .update(importFiles)
        .set({ importedThrough: last })
        .where(and(eq(importFiles.instituteId, i), eq(importFiles.id, job.fileId)));
    });
    imported += rowsToWrite.length;
    batch = [];
    await report.progress(imported, valid);
  };
  await report.progress(imported, valid);
  for await (const row of readRows(storedChunks(db, i, job.fileId), file.format)) {
    if (row.line <= done) continue;
    const checked = definition.check(row, context);
    if ('input' in checked) batch.push(checked);
    if (batch.length >= BATCH_ROWS) await write();
  }
  await write();
  return { ...result, imported };
}

export const IMPORT_JOB = 'people.import';

/** The import's job: the file checked, or its valid rows written, as the person who started it. */
export const importJob: ModuleJob = {
  kind: IMPORT_JOB,
  run: async (job, app) => {
    const db = app.database.db;
    const payload = job.payload as {
      fileId: string;
      kind: ImportKind;
      mode: ImportMode;
      starter: JobStarter;
    };
    const actor = await actorForJob(db, job.instituteId, payload.starter);
    // A FileProblem is a PermanentJobError: the job fails at once with its message.
    return runImport(db, actor, payload, { progress: job.progress, errors: job.addErrors });
  },
  bulk: [students, staff, guardians, studentGuardians],
};
