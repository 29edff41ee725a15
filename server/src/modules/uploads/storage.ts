import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { sha256Hex, signRequest } from './sigv4';

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
  /** True for a URL this storage handed out (so a payload cannot point at someone else's image). */
  owns: (url: string) => boolean;
  /** Local storage only: the folder /uploads/* is served from. */
  root?: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export const LOCAL_URL_PREFIX = '/uploads/';

/** A key is lower-case letters, digits, `_`, `-`, `.` and `/`, never `..`, never absolute. */
export const SAFE_KEY = /^(?!.*\.\.)(?!\/)[a-z0-9_./-]{1,300}$/;

export function localStorage(root: string): Storage {
  const resolvedRoot = path.resolve(root);
  return {
    kind: 'local',
    root: resolvedRoot,
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
    owns: (url) => url.startsWith(LOCAL_URL_PREFIX) && SAFE_KEY.test(url.slice(LOCAL_URL_PREFIX.length)),
  };
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
  return {
    kind: 's3',
    async put(key, body, contentType) {
      if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key ${key}`);
      const signed = signRequest({
        method: 'PUT',
        url: new URL(`${endpoint}/${settings.bucket}/${key}`),
        headers: {
          'content-type': contentType,
          'cache-control': 'public, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
        },
        payloadHash: sha256Hex(body),
        region: settings.region,
        accessKeyId: settings.accessKeyId,
        secretAccessKey: settings.secretAccessKey,
      });
      // fetch sets Host itself (from the URL, the same value that was signed).
      const { host: _host, ...headers } = signed.headers;
      const response = await fetchImpl(signed.url, {
        method: 'PUT',
        headers: { ...headers, 'content-length': String(body.length) },
        body: new Uint8Array(body),
        signal: AbortSignal.timeout(20_000),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 300);
        throw new Error(`object storage answered ${response.status}: ${detail}`);
      }
      return urlFor(key);
    },
    urlFor,
    owns: (url) => url.startsWith(`${publicBase}/`) && SAFE_KEY.test(url.slice(publicBase.length + 1)),
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
