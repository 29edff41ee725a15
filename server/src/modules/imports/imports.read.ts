import { pipeline, Readable } from 'node:stream';
import {
  IMPORT_MAX_CHARACTERS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
} from '@schooliko/common/people/imports';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { FileProblem } from './imports.definition';
import { checkedWorkbook } from './imports.zip';

export type ImportFormat = 'csv' | 'xlsx';

/** One data row of an uploaded file: its line number as a person counts (the header is line 1). */
export type FileRow = { line: number; cells: Record<string, string> };

/** A row as the file has it, with the line it ends on. */
type Line = { line: number; values: string[] };

/** "Admission No.", "admission_no" and "ADMISSION NO" are one column: letters and digits only. */
export const columnKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** What the first bytes say of the file, before any row is read. */
export function sniff(first: Buffer, filename: string): ImportFormat {
  const zip = first.length >= 4 && first.readUInt32LE(0) === 0x04034b50;
  if (zip) return 'xlsx';
  if (/\.xlsx$/i.test(filename)) throw new FileProblem(IMPORT_MESSAGES.badXlsx);
  if (/\.xls$/i.test(filename) || (first[0] === 0xd0 && first[1] === 0xcf))
    throw new FileProblem(IMPORT_MESSAGES.oldExcel);
  if ((first[0] === 0xff && first[1] === 0xfe) || (first[0] === 0xfe && first[1] === 0xff))
    throw new FileProblem(IMPORT_MESSAGES.utf16);
  return 'csv';
}

/**
 * Bytes as UTF-8 text, chunk by chunk; a byte sequence that is not UTF-8 (a file saved by Excel
 * as "CSV (Comma delimited)", Windows-1252) stops the import with a message that says what to do.
 */
async function* utf8(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  try {
    for await (const chunk of chunks) yield decoder.decode(chunk, { stream: true });
    yield decoder.decode();
  } catch (error) {
    if (error instanceof TypeError) throw new FileProblem(IMPORT_MESSAGES.notUtf8);
    throw error;
  }
}

async function* csvRows(chunks: AsyncIterable<Buffer>): AsyncGenerator<Line> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    info: true,
    max_record_size: 64 * 1024,
  });
  // pipeline (not pipe) so that an encoding problem in the source ends the parser with it.
  pipeline(Readable.from(utf8(chunks)), parser, () => {});
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>)
      yield { line: info.lines, values: record };
  } catch (error) {
    if (error instanceof FileProblem) throw error;
    const e = error as { code?: string; lines?: number };
    if (e.code?.startsWith('CSV_')) throw new FileProblem(IMPORT_MESSAGES.malformedCsv(e.lines ?? 0));
    throw error;
  }
}

function cellText(value: ExcelJS.CellValue): string {
  if (value == null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    return '';
  }
  return String(value).trim();
}

/** The first sheet's rows, read once the workbook's parts have been measured (imports.zip.ts). */
async function* xlsxRows(chunks: AsyncIterable<Buffer>): AsyncGenerator<Line> {
  const checked = await checkedWorkbook(chunks);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(checked), {
    sharedStrings: 'cache',
    // Styles tell a date cell from a number (a date is a number with a date format).
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        yield { line: row.number, values: values.map((v) => cellText(v as ExcelJS.CellValue)) };
      }
      return; // the first sheet only
    }
  } catch (error) {
    if (error instanceof FileProblem) throw error;
    throw new FileProblem(IMPORT_MESSAGES.badXlsx);
  }
}

/**
 * The rows of a CSV or Excel file as `{ line, cells }` keyed by column key, streamed: memory stays
 * flat whatever the file's length. Blank rows are skipped but still counted in line numbers. A
 * file past `IMPORT_MAX_ROWS` rows, `IMPORT_MAX_COLUMNS` filled columns in a row or
 * `IMPORT_MAX_CHARACTERS` in all is stopped there.
 */
export async function* readRows(
  chunks: AsyncIterable<Buffer>,
  format: ImportFormat,
): AsyncGenerator<FileRow> {
  const rows = format === 'csv' ? csvRows(chunks) : xlsxRows(chunks);
  let header: string[] | null = null;
  let count = 0;
  let characters = 0;
  for await (const { line, values } of rows) {
    if (values.findLastIndex((v) => v !== '') >= IMPORT_MAX_COLUMNS)
      throw new FileProblem(IMPORT_MESSAGES.tooMuchText);
    for (const value of values) characters += value?.length ?? 0;
    if (characters > IMPORT_MAX_CHARACTERS) throw new FileProblem(IMPORT_MESSAGES.tooMuchText);
    if (!header) {
      header = values.map(columnKey);
      if (header.every((h) => h === '')) throw new FileProblem(IMPORT_MESSAGES.noHeader);
      continue;
    }
    if (values.every((v) => v === '')) continue;
    if (++count > IMPORT_MAX_ROWS) throw new FileProblem(IMPORT_MESSAGES.tooManyRows);
    const cells: Record<string, string> = {};
    header.forEach((key, n) => {
      if (key) cells[key] = values[n]?.trim() ?? '';
    });
    yield { line, cells };
  }
  if (!header) throw new FileProblem(IMPORT_MESSAGES.empty);
}
