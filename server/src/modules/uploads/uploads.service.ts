import { randomBytes } from 'node:crypto';
import { IMAGE_MIME_TYPES, type ImageMimeType, UPLOAD_MESSAGES } from '@schooliko/common/uploads';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { httpError } from '../../plugins/errors';
import type { Storage } from './storage';

const EXTENSIONS: Record<ImageMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Larger pictures than this are refused before decoding (a decompression bomb stays cheap). */
const MAX_PIXELS = 40_000_000;

export type CleanImage = { body: Buffer; mime: ImageMimeType; extension: string };

/**
 * The file's type from its own bytes (never its name or the client's word), limited to JPEG, PNG,
 * GIF and WebP; then re-encoded, which drops metadata (EXIF, GPS) and anything smuggled after
 * the picture.
 */
export async function cleanImage(input: Buffer): Promise<CleanImage> {
  const detected = await fileTypeFromBuffer(input);
  const mime = detected?.mime as ImageMimeType | undefined;
  if (!mime || !IMAGE_MIME_TYPES.includes(mime)) throw httpError(415, UPLOAD_MESSAGES.invalidType);
  const animated = mime === 'image/gif' || mime === 'image/webp';
  try {
    let image = sharp(input, { animated, limitInputPixels: MAX_PIXELS, failOn: 'error' });
    if (mime === 'image/jpeg') image = image.rotate();
    const body = await (mime === 'image/jpeg'
      ? image.jpeg({ quality: 85, mozjpeg: true })
      : mime === 'image/png'
        ? image.png({ compressionLevel: 9 })
        : mime === 'image/gif'
          ? image.gif()
          : image.webp({ quality: 85 })
    ).toBuffer();
    return { body, mime, extension: EXTENSIONS[mime] };
  } catch {
    throw httpError(415, UPLOAD_MESSAGES.invalidType);
  }
}

/** A key under the folder that nobody can guess: 128 random bits. */
export function newKey(folder: string, extension: string): string {
  return `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
}

export async function storeImage(storage: Storage, folder: string, input: Buffer) {
  const image = await cleanImage(input);
  const key = newKey(folder, image.extension);
  try {
    const url = await storage.put(key, image.body, image.mime);
    return { url, key, bytes: image.body.length, contentType: image.mime };
  } catch {
    throw httpError(503, UPLOAD_MESSAGES.imageFailed);
  }
}
