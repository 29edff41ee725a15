import { once } from 'node:events';
import { createDeflateRaw, deflateRawSync } from 'node:zlib';
import { localHeader } from './imports.zip';

// Workbooks made by hand for the import tests: a zip's parts as given, with the sizes they claim.

/** One part of a zip: its deflated bytes, its real size, and the size its headers claim. */
export type ZipPart = { name: string; deflated: Buffer; size: number; claims?: number };

export const part = (name: string, text: string): ZipPart => ({
  name,
  deflated: deflateRawSync(text),
  size: Buffer.byteLength(text),
});

/**
 * `head`, then `unit` repeated until about `bytes` are written, then `tail`: deflated as it goes,
 * never whole in memory.
 */
export async function repeated(
  name: string,
  [head, unit, tail]: [string, string, string],
  bytes: number,
): Promise<ZipPart> {
  const block = Buffer.from(unit.repeat(Math.ceil((1024 * 1024) / unit.length)));
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  deflate.write(head);
  let size = Buffer.byteLength(head) + Buffer.byteLength(tail);
  while (size < bytes) {
    if (!deflate.write(block)) await once(deflate, 'drain');
    size += block.length;
  }
  deflate.end(tail);
  await once(deflate, 'end');
  return { name, deflated: Buffer.concat(out), size };
}

/** A zip of the parts (deflated, CRC left 0: nothing here checks it), each claiming `claims ?? size`. */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const packed = p.deflated.length;
    const local = localHeader({ name, flags: 0, method: 8, crc: 0, packed, unpacked: p.claims ?? p.size });
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(packed, 20);
    entry.writeUInt32LE(p.claims ?? p.size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, p.deflated);
    central.push(entry, name);
    offset += local.length + packed;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * A workbook of one sheet, its header row the first two shared strings and one row of data, with
 * the shared strings part given: a bomb, when that part unpacks to far more than it is.
 */
export function workbookWith(sharedStrings: ZipPart): Buffer {
  return zipOf([
    part(
      'xl/workbook.xml',
      `<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets><sheet name="Students" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    part(
      'xl/worksheets/sheet1.xml',
      `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2"><v>2026</v></c><c r="B2" t="s"><v>1</v></c></row></sheetData></worksheet>`,
    ),
    sharedStrings,
  ]);
}

/** Shared strings of `bytes` unpacked: the same short text, over and over. */
export const bombStrings = (bytes: number) =>
  repeated(
    'xl/sharedStrings.xml',
    [`<sst xmlns="${MAIN}">`, '<si><t>Admission No</t></si>', '</sst>'],
    bytes,
  );
