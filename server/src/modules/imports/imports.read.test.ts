import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { dateCell } from './imports.cells';
import { FileProblem, readRows, sniff } from './imports.read';

async function* chunksOf(data: Buffer, size = 7) {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}

async function rowsOf(data: Buffer, format: 'csv' | 'xlsx' = 'csv') {
  const out = [];
  for await (const row of readRows(chunksOf(data), format)) out.push(row);
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

  it('reads Indian day-first dates', () => {
    expect(dateCell('1/6/2015')).toBe('2015-06-01');
    expect(dateCell('01.06.2015')).toBe('2015-06-01');
    expect(dateCell('2015-06-01')).toBe('2015-06-01');
  });
});
