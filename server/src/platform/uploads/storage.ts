import { constants } from 'node:fs';
import { type FileHandle, mkdir, open, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { PRIVATE_PREFIX } from '../../plugins/uploads';
import { EMPTY_SHA256, sha256Hex, signRequest } from './sigv4';

/**
 * Where uploaded files live (DESIGN.md section 1): the local disk under DATA_DIR/uploads, served
 * by this server at /uploads/<key>; or an S3-compatible bucket, whose public URL the files get.
 * Keys are always chosen by the server.
 */
export type Storage = {
  kind: 'local' | 's3';
  /** Stores the bytes under the key and answers the URL people load them from. */
  put: (key: string, body: Buffer, contentType: string) => Promise<string>;
  /** The URL a stored key is served at. */
  urlFor: (key: string) => string;
  /** The key behind a URL of this storage, or null for any other URL. */
  keyOf: (url: string) => string | null;
  /** True for a URL this storage handed out (so a payload cannot point at someone else's image). */
  owns: (url: string) => boolean;
  /** Whether a file is stored under the key. */
  exists: (key: string) => Promise<boolean>;
  /** Erases the file of a key (a key with no file is no error). */
  remove: (key: string) => Promise<void>;
  /** Local storage only: the stored file of a key, opened for serving at /uploads/<key>. */
  open?: (key: string) => Promise<StoredFile | null>;
  /** S3 only: the bytes of a key as a stream (private files, served by a route that checks who asks). */
  read?: (key: string) => Promise<ReadableStream<Uint8Array> | null>;
};

/** Keys under this prefix are private: plugins/uploads.ts says why. */
export { PRIVATE_PREFIX };

export type StoredFile = { handle: FileHandle; size: number; contentType: string };

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export const LOCAL_URL_PREFIX = '/uploads/';

/** A key is lower-case letters, digits, `_`, `-`, `.` and `/`, never `..`, never absolute. */
export const SAFE_KEY = /^(?!.*\.\.)(?!\/)[a-z0-9_./-]{1,300}$/;

/** The file extension of each image type we store, and back. */
export const IMAGE_EXTENSIONS = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
} as const;
export const CONTENT_TYPES: Record<string, string> = Object.fromEntries(
  Object.entries(IMAGE_EXTENSIONS).map(([mime, extension]) => [extension, mime]),
);

/** The key after a URL prefix, when it is a safe key. */
function keyAfter(prefix: string, url: string): string | null {
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  return SAFE_KEY.test(key) ? key : null;
}

export function localStorage(root: string): Storage {
  const resolvedRoot = path.resolve(root);
  const keyOf = (url: string) => keyAfter(LOCAL_URL_PREFIX, url);
  return {
    kind: 'local',
    async put(key, body) {
      const file = resolveInside(resolvedRoot, key);
      if (!file) throw new Error(`unsafe storage key ${key}`);
      await mkdir(path.dirname(file), { recursive: true });
      // Written under a temporary name and renamed, so a reader never sees half a file.
      const temporary = `${file}.${process.pid}.part`;
      await writeFile(temporary, body, { flag: 'wx' });
      await rename(temporary, file);
      return LOCAL_URL_PREFIX + key;
    },
    urlFor: (key) => LOCAL_URL_PREFIX + key,
    keyOf,
    owns: (url) => keyOf(url) !== null,
    async exists(key) {
      const file = await openStored(resolvedRoot, key);
      await file?.handle.close();
      return file !== null;
    },
    open: (key) => openStored(resolvedRoot, key),
    async remove(key) {
      const file = resolveInside(resolvedRoot, key);
      if (!file) throw new Error(`unsafe storage key ${key}`);
      await unlink(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
  };
}

/** The stored file of a key: a regular file inside root, never reached through a link. */
async function openStored(root: string, key: string): Promise<StoredFile | null> {
  const file = resolveInside(root, key);
  if (!file) return null;
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => null);
  if (!handle) return null;
  const info = await handle.stat().catch(() => null);
  if (!info?.isFile()) {
    await handle.close();
    return null;
  }
  const contentType = CONTENT_TYPES[path.extname(file).slice(1)] ?? 'application/octet-stream';
  return { handle, size: info.size, contentType };
}

/** The file of a key inside root, or null when the key would leave it. */
export function resolveInside(root: string, key: string): string | null {
  if (!SAFE_KEY.test(key)) return null;
  const file = path.resolve(root, key);
  return file.startsWith(root + path.sep) ? file : null;
}

export type S3Settings = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  publicUrl?: string;
};

/** Path-style PUTs (`<endpoint>/<bucket>/<key>`), which every S3-compatible service accepts. */
export function s3Storage(settings: S3Settings, fetchImpl: typeof fetch = fetch): Storage {
  const endpoint = settings.endpoint.replace(/\/+$/, '');
  const publicBase = (settings.publicUrl ?? `${endpoint}/${settings.bucket}`).replace(/\/+$/, '');
  const urlFor = (key: string) => `${publicBase}/${key}`;
  const keyOf = (url: string) => keyAfter(`${publicBase}/`, url);

  /** A signed request for one object (fetch sets Host itself, the same value that was signed). */
  function send(
    method: 'PUT' | 'HEAD' | 'GET' | 'DELETE',
    key: string,
    body?: Buffer,
    headers: Record<string, string> = {},
  ) {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key ${key}`);
    const signed = signRequest({
      method,
      url: new URL(`${endpoint}/${settings.bucket}/${key}`),
      headers,
      payloadHash: body ? sha256Hex(body) : EMPTY_SHA256,
      region: settings.region,
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    });
    const { host: _host, ...signedHeaders } = signed.headers;
    return fetchImpl(signed.url, {
      method,
      headers: body ? { ...signedHeaders, 'content-length': String(body.length) } : signedHeaders,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
  }

  return {
    kind: 's3',
    async put(key, body, contentType) {
      const response = await send('PUT', key, body, {
        'content-type': contentType,
        // A key never changes its bytes; a private one is only ever streamed by our own routes.
        'cache-control': key.startsWith(PRIVATE_PREFIX)
          ? 'private, no-store'
          : 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 300);
        throw new Error(`object storage answered ${response.status}: ${detail}`);
      }
      return urlFor(key);
    },
    urlFor,
    keyOf,
    owns: (url) => keyOf(url) !== null,
    async read(key) {
      if (!SAFE_KEY.test(key)) return null;
      const response = await send('GET', key);
      if (response.status === 404 || response.status === 403) return null;
      if (!response.ok || !response.body) throw new Error(`object storage answered ${response.status}`);
      return response.body;
    },
    async remove(key) {
      const response = await send('DELETE', key);
      // S3 answers 204 whether or not the key was there.
      if (!response.ok && response.status !== 404)
        throw new Error(`object storage answered ${response.status}`);
    },
    async exists(key) {
      if (!SAFE_KEY.test(key)) return false;
      const response = await send('HEAD', key);
      if (response.ok) return true;
      // A bucket without list permission answers 403 for a missing key.
      if (response.status === 404 || response.status === 403) return false;
      throw new Error(`object storage answered ${response.status}`);
    },
  };
}

/** S3 when all four S3_* settings are there; the local disk otherwise. */
export function createStorage(config: Config): Storage {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  if (S3_ENDPOINT && S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY) {
    return s3Storage({
      endpoint: S3_ENDPOINT,
      bucket: S3_BUCKET,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
      region: config.S3_REGION,
      publicUrl: config.S3_PUBLIC_URL,
    });
  }
  return localStorage(path.resolve(config.DATA_DIR, 'uploads'));
}
