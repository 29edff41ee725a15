import { randomBytes } from 'node:crypto';
import type { Message } from '@schooliko/common/messages';
import {
  formatMb,
  IMAGE_MIME_TYPES,
  type ImageMimeType,
  MB,
  UPLOAD_MESSAGES,
} from '@schooliko/common/uploads';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { httpError } from '../../plugins/errors';
import { IMAGE_EXTENSIONS, type Storage } from './storage';

/** Larger pictures than this are refused before decoding (a decompression bomb stays cheap). */
const MAX_PIXELS = 40_000_000;

/** What one kind of upload accepts. */
export type ImageRules = {
  /** Spec 5.8: the file must be less than this many MB. */
  maxMb: number;
  /** A larger picture is scaled down to fit a square of this side (never up). */
  maxSide?: number;
  /** The form field the file comes in (named in the 400 for a missing file). */
  field: string;
  /** What the answer says when the storage fails (503). */
  failedMessage: Message;
  /** The types this kind accepts (default: every type of IMAGE_MIME_TYPES). */
  types?: readonly ImageMimeType[];
  /** The 415's text for another type (default: upload.invalidType). */
  invalidTypeMessage?: Message;
};

export type CleanImage = { body: Buffer; mime: ImageMimeType; extension: string };

/** Spec 5.8's 413, with the size the person sent ('1.25MB' or 'more than 10MB'). */
export function tooLarge(maxMb: number, size: string) {
  return httpError(413, UPLOAD_MESSAGES.tooLarge(maxMb, size));
}

/**
 * The one image pipeline (spec 5.8): a file must be there and under the limit; its type is read
 * from its own bytes (never its name or the client's word), limited to JPEG, PNG, GIF and WebP;
 * then it is re-encoded in its own format (animated GIF and WebP stay animated), which drops
 * metadata (EXIF, GPS) and anything smuggled after the picture.
 */
export async function cleanImage(input: Buffer, rules: ImageRules): Promise<CleanImage> {
  if (input.length === 0)
    throw httpError(400, UPLOAD_MESSAGES.noFile, { [rules.field]: UPLOAD_MESSAGES.noFile });
  if (input.length >= rules.maxMb * MB) throw tooLarge(rules.maxMb, formatMb(input.length));
  const detected = await fileTypeFromBuffer(input);
  const mime = detected?.mime as ImageMimeType | undefined;
  const invalidType = rules.invalidTypeMessage ?? UPLOAD_MESSAGES.invalidType;
  if (!mime || !(rules.types ?? IMAGE_MIME_TYPES).includes(mime)) throw httpError(415, invalidType);
  const animated = mime === 'image/gif' || mime === 'image/webp';
  try {
    let image = sharp(input, { animated, limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    if (rules.maxSide) {
      image = image.resize({
        width: rules.maxSide,
        height: rules.maxSide,
        fit: 'inside',
        withoutEnlargement: true,
      });
    }
    const body = await (mime === 'image/jpeg'
      ? image.jpeg({ quality: 85, mozjpeg: true })
      : mime === 'image/png'
        ? image.png({ compressionLevel: 9 })
        : mime === 'image/gif'
          ? image.gif()
          : image.webp({ quality: 85 })
    ).toBuffer();
    return { body, mime, extension: IMAGE_EXTENSIONS[mime] };
  } catch {
    // The bytes start like an image but do not decode as one.
    throw httpError(415, invalidType);
  }
}

/** A key under the folder that nobody can guess: 128 random bits. */
export function newKey(folder: string, extension: string): string {
  return `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
}

/** Cleans the image and stores it under a new key in the folder; answers where it is. */
export async function storeImage(storage: Storage, folder: string, input: Buffer, rules: ImageRules) {
  const image = await cleanImage(input, rules);
  const key = newKey(folder, image.extension);
  try {
    const url = await storage.put(key, image.body, image.mime);
    return { url, key, bytes: image.body.length, contentType: image.mime };
  } catch {
    throw httpError(503, rules.failedMessage);
  }
}
