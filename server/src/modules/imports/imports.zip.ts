import { once } from 'node:events';
import { createInflateRaw } from 'node:zlib';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '@schooliko/common/people/imports';
import { FileProblem } from './imports.definition';

// An .xlsx file is a zip of XML parts, and a few MB of zip can unpack to gigabytes (a "zip bomb":
// 6.6 MB of shared strings unpacked to 4.5 GB ran the server out of memory). Every part is
// measured before any is parsed, against these caps; a real school's workbook of 5,000 students in
// 20 columns is a 3.6 MB sheet and 1.2 MB of shared strings, each packed about 10 to 1.

/** What one part may unpack to. */
const XLSX_MAX_PART_BYTES = 50 * 1024 * 1024;
/** What all the parts together may unpack to. */
const XLSX_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
/** How many times its packed size a part over `XLSX_RATIO_FROM_BYTES` may unpack to. */
const XLSX_MAX_RATIO = 100;
const XLSX_RATIO_FROM_BYTES = 1024 * 1024;
/** Parts a workbook may have (a plain one has about 12). */
const XLSX_MAX_PARTS = 1000;

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/** A part as the zip's central directory tells it, with its packed bytes. */
type Part = {
  name: Buffer;
  flags: number;
  method: number;
  crc: number;
  unpacked: number;
  data: Buffer;
};

const unreadable = () => new FileProblem(IMPORT_MESSAGES.badXlsx);
const tooLarge = () => new FileProblem(IMPORT_MESSAGES.xlsxTooLarge);

/** The header that goes before a part's bytes in a zip, with the sizes given. */
export function localHeader(part: Omit<Part, 'data'> & { packed: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(part.flags, 6);
  header.writeUInt16LE(part.method, 8);
  header.writeUInt32LE(part.crc, 14);
  header.writeUInt32LE(part.packed, 18);
  header.writeUInt32LE(part.unpacked, 22);
  header.writeUInt16LE(part.name.length, 26);
  return Buffer.concat([header, part.name]);
}

/**
 * The parts the central directory lists, refused when one claims more than the caps or is packed
 * at an absurd ratio (a ZIP64 part claims 4 GB and is refused so), when one is encrypted or packed
 * other than stored or deflated, or when the directory points outside the file.
 */
function partsOf(file: Buffer): Part[] {
  const end = file.lastIndexOf(END);
  if (end < 0 || end + 22 > file.length) throw unreadable();
  const count = file.readUInt16LE(end + 10);
  const start = file.readUInt32LE(end + 16);
  if (count > XLSX_MAX_PARTS) throw tooLarge();
  const parts: Part[] = [];
  let total = 0;
  for (let at = start, n = 0; n < count; n++) {
    if (at + 46 > end || file.readUInt32LE(at) !== CENTRAL) throw unreadable();
    const flags = file.readUInt16LE(at + 8);
    const method = file.readUInt16LE(at + 10);
    const packed = file.readUInt32LE(at + 20);
    const unpacked = file.readUInt32LE(at + 24);
    const name = file.subarray(at + 46, at + 46 + file.readUInt16LE(at + 28));
    const local = file.readUInt32LE(at + 42);
    const part = { name, flags: flags & 0x800, method, crc: file.readUInt32LE(at + 16), unpacked };
    at += 46 + name.length + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    if (flags & 1 || (method !== 0 && method !== 8)) throw unreadable();
    total += unpacked;
    const dense = unpacked > XLSX_RATIO_FROM_BYTES && unpacked > packed * XLSX_MAX_RATIO;
    if (unpacked > XLSX_MAX_PART_BYTES || total > XLSX_MAX_UNPACKED_BYTES || dense) throw tooLarge();
    if (local + 30 > start || file.readUInt32LE(local) !== LOCAL) throw unreadable();
    const from = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    if (from + packed > start) throw unreadable();
    parts.push({ ...part, data: file.subarray(from, from + packed) });
  }
  return parts;
}

/**
 * Unpacks a part only to count its bytes, keeping none: one that unpacks to more than it claims
 * is stopped there and refused, one that ends short is unreadable.
 */
async function unpacksAsClaimed(part: Part): Promise<void> {
  if (part.method === 0) {
    if (part.data.length !== part.unpacked) throw unreadable();
    return;
  }
  const inflate = createInflateRaw();
  let size = 0;
  inflate.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > part.unpacked) inflate.destroy(tooLarge());
  });
  inflate.end(part.data);
  try {
    await once(inflate, 'end');
  } catch (error) {
    throw error instanceof FileProblem ? error : unreadable();
  }
  if (size !== part.unpacked) throw unreadable();
}

/**
 * A workbook's bytes, checked part by part before anything parses them, as the zip the reader is
 * then given: rebuilt from the checked parts alone, each behind a header with its real sizes (a
 * streaming reader trusts the header before each part, which need not agree with the directory),
 * worksheets last (so that none waits in a temporary file for the shared strings).
 */
export async function checkedWorkbook(chunks: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const read: Buffer[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.length;
    if (size > IMPORT_MAX_BYTES) throw new FileProblem(IMPORT_MESSAGES.tooLarge);
    read.push(chunk);
  }
  const parts = partsOf(Buffer.concat(read));
  for (const part of parts) await unpacksAsClaimed(part);
  const sheet = (part: Part) => part.name.toString().startsWith('xl/worksheets/');
  const rebuilt = [...parts.filter((p) => !sheet(p)), ...parts.filter(sheet)].flatMap((part) => [
    localHeader({ ...part, packed: part.data.length }),
    part.data,
  ]);
  // An empty end record: the reader stops there. No empty piece: the reader would wait for more.
  return [...rebuilt, Buffer.concat([END, Buffer.alloc(18)])].filter((piece) => piece.length > 0);
}
