import { randomBytes } from 'node:crypto';
import { access } from 'node:fs/promises';
import path from 'node:path';
import {
  formatMegabytes,
  GROUP_LOGO_MAX_BYTES,
  GROUP_LOGO_MAX_MB,
  GROUP_LOGO_MESSAGES,
  GROUP_MESSAGES,
} from '@schooliko/common/groups';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { httpError } from '../../plugins/errors';
import type { Storage } from '../uploads/storage';

const FORMAT_BY_MIME: Record<string, LogoFormat> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
/** Logos never need more; a larger picture is scaled down (never up). */
const LOGO_MAX_SIDE = 1024;

export type LogoFormat = 'jpg' | 'png' | 'gif' | 'webp';

/**
 * Spec 5.8 on the server: the type is read from the file's own bytes (its name and declared type
 * are ignored), the size is the upload's, and the image is re-encoded in its own format, which
 * drops metadata (EXIF, GPS) and anything smuggled after the pixels. An animated GIF stays animated.
 */
export async function processLogo(bytes: Buffer): Promise<{ data: Buffer; ext: LogoFormat }> {
  if (bytes.length === 0) throw httpError(400, GROUP_LOGO_MESSAGES.noFile);
  const detected = await fileTypeFromBuffer(bytes);
  const ext = detected ? FORMAT_BY_MIME[detected.mime] : undefined;
  if (!ext) throw httpError(415, GROUP_LOGO_MESSAGES.invalidType);
  if (bytes.length >= GROUP_LOGO_MAX_BYTES)
    throw httpError(413, GROUP_LOGO_MESSAGES.tooLarge(GROUP_LOGO_MAX_MB, formatMegabytes(bytes.length)));
  try {
    const image = sharp(bytes, { animated: ext === 'gif' || ext === 'webp', limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      ext === 'jpg'
        ? image.jpeg({ quality: 88, mozjpeg: true })
        : ext === 'png'
          ? image.png({ compressionLevel: 9 })
          : ext === 'gif'
            ? image.gif()
            : image.webp({ quality: 88 });
    return { data: await encoded.toBuffer(), ext };
  } catch {
    // The bytes start like an image but do not decode as one.
    throw httpError(415, GROUP_LOGO_MESSAGES.invalidType);
  }
}

const MIME_BY_FORMAT: Record<LogoFormat, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Group logos in the app's storage (local disk or S3), under groups/temp/ with random names. */
export type LogoStorage = {
  /** Stores a processed logo, before its group exists; answers the URL to show and to send back. */
  saveTemp(data: Buffer, ext: LogoFormat): Promise<string>;
  /**
   * The URL a group keeps for a logo the form sent: its current one unchanged, or one uploaded
   * through POST /api/groups/temp/logo. Anything else is refused (400), so a group's logo can
   * never point at a page or a file outside our storage.
   */
  adopt(url: string, current: string | null): Promise<string>;
};

const TEMP_KEY = /^groups\/temp\/[a-f0-9]{32}\.(?:jpg|png|gif|webp)$/;

export function logoStorage(storage: Storage): LogoStorage {
  return {
    async saveTemp(data, ext) {
      const key = `groups/temp/${randomBytes(16).toString('hex')}.${ext}`;
      return storage.put(key, data, MIME_BY_FORMAT[ext]);
    },
    async adopt(url, current) {
      if (url === current) return url;
      const key = storage.owns(url) ? url.slice(url.lastIndexOf('/groups/temp/') + 1) : '';
      if (!TEMP_KEY.test(key) || storage.urlFor(key) !== url)
        throw httpError(400, GROUP_MESSAGES.logoInvalid);
      // On the local disk we can also tell whether it was really uploaded.
      if (storage.kind === 'local' && storage.root) {
        try {
          await access(path.join(storage.root, key));
        } catch {
          throw httpError(400, GROUP_MESSAGES.logoInvalid);
        }
      }
      return url;
    },
  };
}
