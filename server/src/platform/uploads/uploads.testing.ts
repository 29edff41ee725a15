import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { sha256Hex, signRequest } from './sigv4';

export const FAKE_S3 = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'secret-for-tests',
  region: 'ap-south-1',
};

export type FakeS3 = {
  endpoint: string;
  /** Stored objects by path (`/<bucket>/<key>`). */
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request that arrived. */
  requests: { method: string; path: string; headers: IncomingMessage['headers'] }[];
  close: () => Promise<void>;
};

/** The server side of SigV4: recomputes the signature from what arrived. */
function signedCorrectly(req: IncomingMessage, body: Buffer, endpoint: string): boolean {
  const authorization = String(req.headers.authorization ?? '');
  const names = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const now = new Date(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );
  const headers: Record<string, string> = {};
  for (const name of names) {
    if (!['host', 'x-amz-date', 'x-amz-content-sha256'].includes(name))
      headers[name] = String(req.headers[name]);
  }
  if (req.headers['x-amz-content-sha256'] !== sha256Hex(body)) return false;
  const expected = signRequest({
    method: String(req.method),
    url: new URL(`${endpoint}${req.url}`),
    headers,
    payloadHash: sha256Hex(body),
    region: FAKE_S3.region,
    accessKeyId: FAKE_S3.accessKeyId,
    secretAccessKey: FAKE_S3.secretAccessKey,
    now,
  });
  return expected.headers.authorization === authorization;
}

/** A local S3-compatible endpoint (PUT, HEAD, GET, DELETE) that checks every request's signature. */
export async function fakeS3(): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const requests: FakeS3['requests'] = [];
  let endpoint = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = String(req.url);
      requests.push({ method: String(req.method), path, headers: req.headers });
      if (!signedCorrectly(req, body, endpoint))
        return res.writeHead(403).end('<Error>SignatureDoesNotMatch</Error>');
      if (req.method === 'PUT') {
        objects.set(path, { body, contentType: String(req.headers['content-type']) });
        return res.writeHead(200).end();
      }
      if (req.method === 'DELETE') {
        objects.delete(path);
        return res.writeHead(204).end();
      }
      const object = objects.get(path);
      if (!object) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
      return res.end(req.method === 'HEAD' ? undefined : object.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FilePart = { filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body for app.inject. */
export function multipart(fields: Record<string, string>, file?: FilePart, fileField = 'file') {
  const boundary = `----schooliko${randomInt(1e9)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real image of the given format; `noise` makes it (nearly) incompressible, for size tests. */
export async function image(
  format: 'png' | 'jpeg' | 'gif' | 'webp',
  size = 16,
  options: { noise?: boolean } = {},
): Promise<Buffer> {
  const pixels = Buffer.alloc(size * size * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = options.noise ? randomInt(256) : (i * 7) % 256;
  const base = sharp(pixels, { raw: { width: size, height: size, channels: 3 } });
  return base.toFormat(format, format === 'png' ? { compressionLevel: 0 } : {}).toBuffer();
}
