import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, person } from '../../modules/groups/groups.testing';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let dataDir: string;
let director: Person;
let port: number;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'schooliko-cut-short-'));
  t = await createTestApp({ DATA_DIR: dataDir, RATE_LIMITS: 'upload-ip=1000/60,group-logo=1000/600' });
  director = await person(t.app, t.database.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const CUT_SHORT = {
  success: false,
  message: 'The upload was cut short or is not a valid multipart form. Please try again.',
  code: 'common.uploadCutShort',
};

/**
 * Sends a multipart body over a real socket that stops in the middle of the file's part (no
 * closing boundary: what a proxy forwards of an upload cut off mid-way), and reads the answer.
 */
function cutShort(url: string, field: string, extra: Record<string, string> = {}) {
  const boundary = 'CutShortBoundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\nschooliko/0001_x_20250601/logo\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    Buffer.alloc(4096, 0x89),
  ]);
  const headers = {
    host: director.institute.domain,
    authorization: `Bearer ${director.token}`,
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': String(body.length),
    connection: 'close',
    ...extra,
  };
  const head = `POST ${url} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n`;
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    // The socket stays open for the answer; the server closes it after answering (connection: close).
    const socket = connect(port, '127.0.0.1', () => socket.write(Buffer.concat([Buffer.from(head), body])));
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer within 5 s')));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [top = '', ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(top)?.[1]);
      let json: unknown;
      try {
        json = JSON.parse(rest.join('\r\n\r\n'));
      } catch {
        json = rest.join('\r\n\r\n');
      }
      resolve({ status, body: json });
    });
  });
}

describe('a multipart body cut off in the middle of a part', () => {
  it('answers 400 in the envelope every time on POST /api/uploads', async () => {
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await cutShort('/api/uploads', 'file'));
    expect(answers).toEqual(Array.from({ length: 20 }, () => ({ status: 400, body: CUT_SHORT })));
  });

  it('answers 400 in the envelope every time on POST /api/groups/temp/logo', async () => {
    const logoHeaders = {
      'x-group-type': 'school_chain',
      'x-group-name': 'Sunrise',
      'x-group-city': 'Pune',
      'x-group-pincode': '411001',
    };
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await cutShort('/api/groups/temp/logo', 'logo', logoHeaders));
    expect(answers).toEqual(Array.from({ length: 20 }, () => ({ status: 400, body: CUT_SHORT })));
  });
});
