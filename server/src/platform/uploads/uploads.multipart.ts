import { formatMb, MB } from '@schooliko/common/uploads';
import type { FastifyRequest } from 'fastify';

export type UploadForm = {
  /** The text fields asked for, trimmed. */
  fields: Record<string, string>;
  /** The file's bytes; missing when no part of the file's field came. */
  file?: Buffer;
  /** The file's name as the client sent it (never trusted for its type or a path). */
  filename?: string;
  /** The file was larger than the read limit and was cut off unread. */
  tooLarge: boolean;
};

/**
 * Reads one file (the first part of its field) and the named text fields from a multipart body,
 * in whichever order they come. A file past the read limit is cut off and flagged rather than
 * thrown, so the answer can still name its size (see sizeOfTooLarge).
 */
export async function readUploadForm(
  request: FastifyRequest,
  options: { file: string; fields?: readonly string[]; readLimitBytes: number },
): Promise<UploadForm> {
  const form: UploadForm = { fields: {}, tooLarge: false };
  const parts = request.parts({
    limits: { fileSize: options.readLimitBytes, files: 1, fields: 4, fieldSize: 500 },
    throwFileSizeLimit: false,
  } as Parameters<FastifyRequest['parts']>[0]);
  for await (const part of parts) {
    if (part.type === 'field') {
      if (options.fields?.includes(part.fieldname) && typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value.trim();
      }
    } else if (part.fieldname === options.file && !form.file && !form.tooLarge) {
      const data = await part.toBuffer();
      if (part.file.truncated) form.tooLarge = true;
      else {
        form.file = data;
        form.filename = part.filename;
      }
    } else {
      part.file.resume();
    }
  }
  return form;
}

/** The size of an upload cut off at the read limit: the body's declared length, else "more than" the limit. */
export function sizeOfTooLarge(request: FastifyRequest, readLimitBytes: number): string {
  const declared = Number(request.headers['content-length']);
  return declared > readLimitBytes ? formatMb(declared) : `more than ${readLimitBytes / MB}MB`;
}
