import { IMPORT_MESSAGES } from '@schooliko/common/people/imports';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { dateCell } from './imports.cells';
import { FileProblem } from './imports.definition';
import { readRows, sniff } from './imports.read';
import { bombStrings, part, workbookWith } from './imports.testing';

async function* chunksOf(data: Buffer, size = 7) {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}

async function rowsOf(data: Buffer, format: 'csv' | 'xlsx' = 'csv', chunk = 7) {
  const out = [];
  for await (const row of readRows(chunksOf(data, chunk), format)) out.push(row);
  return out;
}

describe('reading an uploaded file', () => {
  it('reads CSV rows by column key, across chunk boundaries and multi-byte letters', async () => {
    const csv = Buffer.from(
      '\uFEFFAdmission No.,First Name,Date of Birth\r\n2026/1,अनन्या,01/06/2015\r\n\r\n"2026/2","Kabir, Jr",2015-02-03\r\n',
    );
    expect(await rowsOf(csv)).toEqual([
      { line: 2, cells: { admissionno: '2026/1', firstname: 'अनन्या', dateofbirth: '01/06/2015' } },
      { line: 4, cells: { admissionno: '2026/2', firstname: 'Kabir, Jr', dateofbirth: '2015-02-03' } },
    ]);
  });

  it('keeps a formula-looking cell as text (the export neutralises it)', async () => {
    const rows = await rowsOf(Buffer.from("First Name\n=cmd|' /C calc'!A0\n"));
    expect(rows[0]?.cells.firstname).toBe("=cmd|' /C calc'!A0");
  });

  it('refuses Windows-1252 text with a message that says how to save UTF-8', async () => {
    const latin1 = Buffer.from('First Name\nJos\xe9\n', 'latin1');
    await expect(rowsOf(latin1)).rejects.toThrow(/CSV UTF-8/);
    await expect(rowsOf(latin1)).rejects.toBeInstanceOf(FileProblem);
  });

  it('tells UTF-16, old .xls and a mislabelled .xlsx apart from CSV', () => {
    expect(() => sniff(Buffer.from([0xff, 0xfe, 0x41, 0x00]), 'students.csv')).toThrow(/UTF-16/);
    expect(() => sniff(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), 'students.xls')).toThrow(/\.xls\)/);
    expect(() => sniff(Buffer.from('Admission'), 'students.xlsx')).toThrow(/Excel file could not be read/);
    expect(sniff(Buffer.from('Admission'), 'students.csv')).toBe('csv');
    expect(sniff(Buffer.from([0x50, 0x4b, 0x03, 0x04]), 'anything')).toBe('xlsx');
  });

  it('reports a broken CSV with its line', async () => {
    await expect(rowsOf(Buffer.from('A,B\n1,"unclosed\n2,3\n'))).rejects.toThrow(/malformed near line/);
  });

  it('refuses an empty file', async () => {
    await expect(rowsOf(Buffer.from(''))).rejects.toThrow('The file has no rows.');
  });

  it('reads the first sheet of an Excel file, dates as YYYY-MM-DD', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Students');
    sheet.addRow(['Admission No', 'First Name', 'Date of Birth']);
    sheet.addRow(['2026/9', 'Saanvi', new Date(Date.UTC(2016, 0, 5))]);
    const data = Buffer.from(await book.xlsx.writeBuffer());
    expect(await rowsOf(data, 'xlsx')).toEqual([
      { line: 2, cells: { admissionno: '2026/9', firstname: 'Saanvi', dateofbirth: '2016-01-05' } },
    ]);
  });

  it('reads a 5,000-row school workbook of 20 columns within the limits', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Students');
    sheet.addRow(Array.from({ length: 20 }, (_, n) => `Column ${n}`));
    for (let i = 0; i < 5000; i++)
      sheet.addRow(Array.from({ length: 20 }, (_, n) => (n % 4 === 0 ? i * n : `Student ${i} field ${n}`)));
    const rows = await rowsOf(Buffer.from(await book.xlsx.writeBuffer()), 'xlsx', 256 * 1024);
    expect([rows.length, rows[4999]?.line, rows[4999]?.cells.column19]).toEqual([
      5000,
      5001,
      'Student 4999 field 19',
    ]);
  });

  const STRINGS = '<sst><si><t>Admission No</t></si><si><t>First Name</t></si></sst>';
  const tooLarge = IMPORT_MESSAGES.xlsxTooLarge.text;

  it('reads the hand-made workbook the bombs below are built on', async () => {
    const data = workbookWith(part('xl/sharedStrings.xml', STRINGS));
    expect(await rowsOf(data, 'xlsx')).toEqual([
      { line: 2, cells: { admissionno: '2026', firstname: 'First Name' } },
    ]);
  });

  it('refuses a part that claims to unpack to gigabytes, before unpacking it', async () => {
    const claimed = { ...part('xl/sharedStrings.xml', STRINGS), claims: 4_000_000_000 };
    await expect(rowsOf(workbookWith(claimed), 'xlsx')).rejects.toThrow(tooLarge);
  });

  it('refuses a part packed at an absurd ratio, and one that unpacks to more than it claims', async () => {
    // 8 MB packed into a few KB (a real workbook's parts pack about 10 to 1).
    const dense = await bombStrings(8 * 1024 * 1024);
    expect(dense.deflated.length).toBeLessThan(dense.size / 200);
    await expect(rowsOf(workbookWith(dense), 'xlsx')).rejects.toThrow(tooLarge);
    // 60 MB that claims to be 2 KB: stopped once it has unpacked past its claim.
    const lying = { ...(await bombStrings(60 * 1024 * 1024)), claims: 2048 };
    await expect(rowsOf(workbookWith(lying), 'xlsx')).rejects.toThrow(tooLarge);
  });

  it('stops a file past 50,000 rows, a row past 200 columns or 50 million characters', async () => {
    const rows = Buffer.from(`Name\n${'a\n'.repeat(50_001)}`);
    await expect(rowsOf(rows, 'csv')).rejects.toThrow(IMPORT_MESSAGES.tooManyRows.text);
    expect(await rowsOf(Buffer.from(`Name\n${'a\n'.repeat(50_000)}`))).toHaveLength(50_000);
    const wide = Buffer.from(`Name\n${'a,'.repeat(200)}a\n`);
    await expect(rowsOf(wide, 'csv')).rejects.toThrow(IMPORT_MESSAGES.tooMuchText.text);
    // One 40,000-letter shared string in every cell: 56 million characters from a small file.
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Students');
    const long = 'x'.repeat(40_000);
    for (let i = 0; i < 7; i++) sheet.addRow(Array(200).fill(long));
    const data = Buffer.from(await book.xlsx.writeBuffer());
    await expect(rowsOf(data, 'xlsx')).rejects.toThrow(IMPORT_MESSAGES.tooMuchText.text);
  });

  it('reads Indian day-first dates', () => {
    expect(dateCell('1/6/2015')).toBe('2015-06-01');
    expect(dateCell('01.06.2015')).toBe('2015-06-01');
    expect(dateCell('2015-06-01')).toBe('2015-06-01');
  });
});
