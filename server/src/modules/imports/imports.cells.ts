import { columnKey } from './imports.read';

/** Reading what people type into spreadsheets: Indian date order, yes/no, M/F. */

const DMY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** YYYY-MM-DD from "2015-06-01", "01/06/2015", "1-6-2015" or "01.06.2015" (day first, as in India). */
export function dateCell(value: string): string {
  const v = value.trim();
  const m = DMY.exec(v);
  if (!m) return v;
  return `${m[3]}-${(m[2] ?? '').padStart(2, '0')}-${(m[1] ?? '').padStart(2, '0')}`;
}

const YES = new Set(['yes', 'y', 'true', '1', 'हाँ', 'हो']);
const NO = new Set(['no', 'n', 'false', '0', '', 'नहीं', 'नाही']);

/** true / false, or the text itself when it is neither (the schema then says what is wrong). */
export function booleanCell(value: string): boolean | string {
  const v = value.trim().toLowerCase();
  if (YES.has(v)) return true;
  if (NO.has(v)) return false;
  return value;
}

const GENDERS: Record<string, string> = { m: 'male', boy: 'male', f: 'female', girl: 'female', o: 'other' };

export function genderCell(value: string): string {
  const v = value.trim().toLowerCase();
  return GENDERS[v] ?? v;
}

const CATEGORIES: Record<string, string> = { gen: 'general', open: 'general', ur: 'general' };

/** An enum cell: lower case, spaces as underscores, with the common abbreviations. */
export function enumCell(value: string): string {
  const v = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return CATEGORIES[v] ?? v;
}

/** A mobile number as typed ("+91 98220-12345", "098220 12345") as its 10 digits. */
export function phoneCell(value: string): string {
  return value.replace(/[\s-]/g, '').replace(/^(\+91|0)(?=\d{10}$)/, '');
}

/** Reads one cell into what the schema expects (a date, yes/no, an enum …). */
export type CellReader = (value: string) => unknown;

/**
 * The row's cells under the schema's field names: each column's cell, read by its reader when it
 * has one, as typed otherwise. Columns the file lacks stay absent (the schema's default applies).
 */
export function readCells(
  cells: Record<string, string>,
  keys: readonly string[],
  readers: Readonly<Record<string, CellReader>>,
): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const key of keys) {
    const value = cells[columnKey(key)];
    if (value === undefined) continue;
    const reader = readers[key];
    raw[key] = reader ? reader(value) : value;
  }
  return raw;
}
