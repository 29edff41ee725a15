import { z } from 'zod';
import { defineMessages } from '../messages';

/** Imports of people records from CSV or Excel (students, guardians, staff). */
export const IMPORT_KINDS = ['students', 'guardians', 'staff'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_MODES = ['preview', 'import'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
/** 10 MB: about 40,000 rows of students. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** A preview or import keeps at most this many row errors (and counts the rest). */
export const IMPORT_MAX_ERRORS = 1000;
/** Rows a file may hold: the 10 MB limit's 40,000 students, with room. */
export const IMPORT_MAX_ROWS = 50_000;
/** Cells a row may hold (the students' template has 30 columns). */
export const IMPORT_MAX_COLUMNS = 200;
/** Characters all cells together may hold (5,000 students take about 2 million). */
export const IMPORT_MAX_CHARACTERS = 50_000_000;

export const IMPORT_MESSAGES = defineMessages(
  'imports',
  {
    accepted: 'File received. The rows are being checked.',
    fileRequired: 'Please choose a CSV or Excel (.xlsx) file',
    tooLarge: 'The file is larger than 10 MB. Split it into smaller files and import them one by one.',
    notUtf8:
      'The file is not saved as UTF-8 text. In Excel choose Save As → "CSV UTF-8 (Comma delimited)", or upload the .xlsx file itself.',
    utf16:
      'The file is saved as UTF-16 ("Unicode Text"). In Excel choose Save As → "CSV UTF-8 (Comma delimited)", or upload the .xlsx file itself.',
    oldExcel: 'Old Excel files (.xls) cannot be read. Save the file as .xlsx or as CSV UTF-8 and try again.',
    badXlsx: 'This Excel file could not be read. Save it again as .xlsx, or as CSV UTF-8, and try again.',
    xlsxTooLarge:
      'This Excel file unpacks to far more data than a list of records holds, so it was not read. Copy the rows into a new workbook, or save the sheet as CSV UTF-8, and try again.',
    tooManyRows:
      'The file has more than 50,000 rows. Split it into smaller files and import them one by one.',
    tooMuchText:
      "The file holds more than an import can take (a row of over 200 columns, or over 50 million characters in all). Keep only the template's columns and try again.",
    malformedCsv: (line: number) =>
      `The CSV file is malformed near line ${line} (an unclosed quote or a broken row). Fix it and upload again.`,
    noHeader: 'The first row must name the columns. Download the template to see them.',
    empty: 'The file has no rows.',
    missingColumns: (names: string[]) =>
      `Required columns are missing: ${names.join(', ')}. Download the template to see them.`,
    duplicateInFile: (line: number) => `The same admission number is already on line ${line} of this file`,
    codeInFile: (line: number) => `The same employee code is already on line ${line} of this file`,
    sectionUnknown: (label: string) => `No section "${label}" in the current academic year`,
    studentUnknown: (no: string) => `No student with admission number ${no}`,
    relationNeedsStudent: 'A relation needs the admission number of the student',
    noImport: 'This kind of record cannot be imported',
    modeInvalid: 'mode must be preview or import',
  } as const,
  {
    malformedCsv: ['line'],
    missingColumns: ['names'],
    duplicateInFile: ['line'],
    codeInFile: ['line'],
    sectionUnknown: ['label'],
    studentUnknown: ['number'],
  },
);

export const importBodySchema = z.object({ mode: z.enum(IMPORT_MODES).default('import') });

/** What a finished preview or import reports (the job's result). */
export const importResultSchema = z.object({
  mode: z.enum(IMPORT_MODES),
  rows: z.number(),
  valid: z.number(),
  invalid: z.number(),
  imported: z.number(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
