import type { Db } from '../db/client';
import type { Storage } from '../platform/uploads/storage';
import { provider } from './hooks';
import type { Actor } from './scope';

/**
 * The school as the header of its prints names it (receipts, passes, report cards): its name,
 * address and logo (PNG or JPEG bytes a PDF can draw; null without one: a monogram is drawn).
 */
export type School = { name: string; address: string; logo: Buffer | null };

declare module './hooks' {
  interface ModuleProviders {
    /** The institute's postal address on one line, for its prints' header (the profile module gives it). */
    'letterhead.address': (tx: Db, instituteId: string) => Promise<string>;
  }
}

/** A logo larger than this is not drawn (branding uploads are smaller). */
const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** PNG or JPEG: what a PDF draws. */
const drawable = (bytes: Buffer) =>
  (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e) ||
  (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff);

/** The bytes of a stored branding image, or null (none, too large, not drawable, or storage failed). */
async function imageOf(storage: Storage, url: string): Promise<Buffer | null> {
  const key = storage.keyOf(url);
  if (!key) return null;
  try {
    if (storage.open) {
      const file = await storage.open(key);
      if (!file) return null;
      try {
        return file.size > LOGO_MAX_BYTES ? null : await file.handle.readFile();
      } finally {
        await file.handle.close();
      }
    }
    const stream = await storage.read?.(key);
    if (!stream) return null;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      size += chunk.length;
      if (size > LOGO_MAX_BYTES) return null;
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  } catch {
    // A print without its logo beats no print: the monogram stands in.
    return null;
  }
}

/**
 * The school's name, address and logo, for the header of its prints (no address without a
 * profile; no logo without one uploaded, or without `storage` to read it from).
 */
export async function schoolOf(tx: Db, actor: Actor, storage?: Storage): Promise<School> {
  const address = (await provider('letterhead.address')?.(tx, actor.institute.id)) ?? '';
  const url = actor.institute.logoUrl;
  const bytes = storage && url ? await imageOf(storage, url) : null;
  return { name: actor.institute.name, address, logo: bytes && drawable(bytes) ? bytes : null };
}
