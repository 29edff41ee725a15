import { Readable } from 'node:stream';
import type { Message } from '@schooliko/common/messages';
import { formatMb, type ImageMimeType, MB } from '@schooliko/common/uploads';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { httpError } from '../../plugins/errors';
import { PRIVATE_PREFIX, type Storage } from './storage';
import { readUploadForm, sizeOfTooLarge } from './uploads.multipart';
import { cleanImage, newKey } from './uploads.service';

// Private files (homework attachments, scanned letters): checked by their own bytes, stored under
// `private/`, which /uploads never serves, and streamed by a module's route to whoever may see them.

/** The file types a module takes, with their extensions, and what it answers when refused. */
export type PrivateFileRules<T extends string> = {
  /** Each accepted type (told by the file's bytes) and the extension it is stored with. */
  extensions: Readonly<Record<T, string>>;
  /** The file must be under this many MB. */
  maxMb: number;
  /** The 415 (another type, or an empty file: 400). */
  invalidType: Message;
  /** The 413, given the limit and the size sent. */
  tooLarge: (limitMb: number, size: string) => Message;
  /** The 503 when storage fails (and a picture that does not decode). */
  failed: Message;
};

/** A stored private file: where it is and what people see of it (its size when known). */
export type PrivateFile<T extends string = string> = {
  key: string;
  name: string;
  contentType: T;
  bytes?: number;
};

const IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

/** A file name as people see it: its last path part, without control characters, at most 120 long. */
export function cleanName(name: string | undefined, extension: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127 && c !== '"')
    .join('')
    .trim()
    .slice(-120);
  return clean || `file.${extension}`;
}

/**
 * Reads the multipart `file` of a request: a 415 when the body is not multipart, a 413 naming the
 * size when it is past the limit (read no further than one byte over it).
 */
export async function receiveFile<T extends string>(
  request: FastifyRequest,
  rules: PrivateFileRules<T>,
): Promise<{ body: Buffer; filename?: string }> {
  if (!request.isMultipart()) throw httpError(415, rules.invalidType);
  const readLimitBytes = rules.maxMb * MB + 1;
  const form = await readUploadForm(request, { file: 'file', readLimitBytes });
  if (form.tooLarge)
    throw httpError(413, rules.tooLarge(rules.maxMb, sizeOfTooLarge(request, readLimitBytes)));
  return { body: form.file ?? Buffer.alloc(0), filename: form.filename };
}

/**
 * Checks one file and stores it privately under `private/<folder>/<random>.<ext>`: its type is
 * read from its bytes and must be one of the rules', under the size limit; pictures go through
 * the uploads' image pipeline (which drops EXIF and GPS and anything after the picture).
 */
export async function storePrivateFile<T extends string>(
  storage: Storage,
  folder: string,
  input: { body: Buffer; filename?: string },
  rules: PrivateFileRules<T>,
): Promise<PrivateFile<T> & { bytes: number }> {
  const { body } = input;
  if (body.length === 0) throw httpError(400, rules.invalidType);
  if (body.length >= rules.maxMb * MB)
    throw httpError(413, rules.tooLarge(rules.maxMb, formatMb(body.length)));
  const detected = (await fileTypeFromBuffer(body))?.mime as T | undefined;
  if (!detected || !Object.hasOwn(rules.extensions, detected)) throw httpError(415, rules.invalidType);
  let stored = body;
  if (IMAGE_TYPES.includes(detected)) {
    // A file far larger than its picture's raw pixels (plus room for metadata) carries something else.
    const { width = 0, height = 0 } = await sharp(body, { failOn: 'none' })
      .metadata()
      .catch(() => ({ width: 0, height: 0 }));
    if (body.length > width * height * 4 + MB) throw httpError(415, rules.invalidType);
    const image = await cleanImage(body, {
      maxMb: rules.maxMb,
      maxSide: 3000,
      field: 'file',
      failedMessage: rules.failed,
      types: [detected as ImageMimeType],
      invalidTypeMessage: rules.invalidType,
    });
    stored = image.body;
  }
  const extension = rules.extensions[detected];
  const key = newKey(`${PRIVATE_PREFIX}${folder}`.toLowerCase(), extension);
  try {
    await storage.put(key, stored, detected);
  } catch {
    throw httpError(503, rules.failed);
  }
  return { key, name: cleanName(input.filename, extension), contentType: detected, bytes: stored.length };
}

/** The stored bytes of a file as a stream, or null when storage has lost them. */
export async function openStored(storage: Storage, key: string): Promise<Readable | null> {
  if (storage.open) {
    const file = await storage.open(key);
    return file ? file.handle.createReadStream() : null;
  }
  const body = await storage.read?.(key);
  return body ? Readable.fromWeb(body as Parameters<typeof Readable.fromWeb>[0]) : null;
}

/** The stored bytes of a file, or null when storage has lost them. */
export async function readStored(storage: Storage, key: string): Promise<Buffer | null> {
  const stream = await openStored(storage, key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * `inline` for a picture, which a browser shows inside the sandbox; a download for the rest. A PDF
 * is downloaded: a browser would open it on the school's site, and Chrome shows no PDF in a
 * sandbox. (The web app fetches a file and opens it from memory, so people still read a PDF in
 * the browser: these headers guard a link opened straight at the API.)
 */
export function dispositionOf(file: Pick<PrivateFile, 'name' | 'contentType'>): string {
  const kind = file.contentType.startsWith('image/') ? 'inline' : 'attachment';
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`;
}

/**
 * Streams a private file the caller has been found allowed to see, never cached, never sniffed,
 * always in a sandbox (no script, no request, no origin of its own), and saved rather than opened
 * unless it is a picture. A file storage has lost is a 404 with `notFound`.
 */
export async function sendPrivateFile(
  reply: FastifyReply,
  storage: Storage,
  file: PrivateFile,
  notFound: Message,
): Promise<FastifyReply> {
  const stream = await openStored(storage, file.key);
  if (!stream) throw httpError(404, notFound);
  if (file.bytes !== undefined) reply.header('content-length', file.bytes);
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', dispositionOf(file))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox");
  return reply.send(stream);
}
