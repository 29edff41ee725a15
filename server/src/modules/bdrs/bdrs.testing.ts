import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { DEMO_BDR, seedBdrs } from './bdrs.seed';

/** A fresh client address, so per-IP limits of one test do not spill into the next. */
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** The code in the newest mail to an address, read the way the e2e test reads it. */
export async function latestOtp(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/dev/outbox?to=${encodeURIComponent(email)}&limit=1`,
  });
  const text: string = res.json().data.items[0]?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${email}`);
  return code;
}

/** The demo BDR through fetch and verify-otp: a registration token. */
export async function verifiedGrant(app: FastifyInstance, ip = randomIp()): Promise<string> {
  await seedBdrs(app.database.db);
  const sent = await app.inject({
    method: 'GET',
    url: `/api/bdrs/fetch?bdr_id=${DEMO_BDR.bdrId}`,
    remoteAddress: ip,
  });
  if (sent.statusCode !== 200) throw new Error(`fetch answered ${sent.statusCode}: ${sent.body}`);
  const otp = await latestOtp(app, DEMO_BDR.email);
  const verified = await app.inject({
    method: 'POST',
    url: '/api/bdrs/verify-otp',
    remoteAddress: ip,
    payload: { bdr_id: DEMO_BDR.bdrId, otp },
  });
  if (verified.statusCode !== 200)
    throw new Error(`verify answered ${verified.statusCode}: ${verified.body}`);
  return verified.json().data.registration_token;
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
