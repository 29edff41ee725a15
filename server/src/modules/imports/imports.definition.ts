import type { Message } from '@schooliko/common/messages';
import type { ImportKind } from '@schooliko/common/people/imports';
import type { Permission } from '@schooliko/common/permissions';
import type { Db } from '../../db/client';
import type { FileColumn } from '../../kit/export';
import type { Actor } from '../../kit/scope';
import { PermanentJobError } from '../../platform/jobs';
import type { FileRow } from './imports.read';

/**
 * A problem with the file as a whole (not one row): the import stops before anything is written,
 * and its job fails at once (another attempt would read the same file).
 */
export class FileProblem extends PermanentJobError {
  constructor(readonly said: Message) {
    super(said.text);
  }
}

export type RowError = { line: number; field: string; message: string };
export type Checked<Input> =
  | { line: number; input: Input }
  | { line: number; errors: Omit<RowError, 'line'>[] };

/**
 * What a kind of import knows: its file's columns (the template and the export share them), which
 * must be there, how a row becomes a valid input (or row errors), and how to write a batch.
 * `prepare` loads what checking needs once (sections by label, numbers already taken).
 */
export type ImportDefinition<Input, Context> = {
  kind: ImportKind;
  /** What uploading this kind (and fetching its template) needs. */
  permission: Permission;
  columns: readonly FileColumn<never>[];
  /** Column keys (columnKey of the header) without which no row can be read. */
  required: readonly string[];
  prepare: (tx: Db, actor: Actor) => Promise<Context>;
  check: (row: FileRow, context: Context) => Checked<Input>;
  write: (tx: Db, actor: Actor, rows: { line: number; input: Input }[], context: Context) => Promise<void>;
};

/** Zod issues as row errors: the first path segment is the field. */
export function issuesToErrors(issues: { path: PropertyKey[]; message: string }[]): Omit<RowError, 'line'>[] {
  return issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message }));
}

/**
 * A value that must be unique in the institute (an admission number, an employee code): the row
 * error when it is taken already or earlier in the file, else null (and the line is remembered).
 * Compared without case.
 */
export function firstUse(
  value: string,
  line: number,
  used: { taken: ReadonlySet<string>; seen: Map<string, number> },
  messages: { inFile: (line: number) => Message; taken: Message },
): string | null {
  const key = value.toLowerCase();
  if (!key) return null;
  const earlier = used.seen.get(key);
  if (earlier) return messages.inFile(earlier).text;
  if (used.taken.has(key)) return messages.taken.text;
  used.seen.set(key, line);
  return null;
}
