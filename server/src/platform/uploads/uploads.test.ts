import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UPLOAD_MESSAGES, uploadFolder } from '@schooliko/common/uploads';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registrationGrants } from '../../modules/bdrs/bdrs.table';
import { randomIp, verifiedGrant } from '../../modules/bdrs/bdrs.testing';
import { as, makeInstitute, makeUser, tokenFor } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { image, multipart } from './uploads.testing';

let t: TestApp;
let dataDir: string;
let grant: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'schooliko-uploads-'));
  t = await createTestApp({ DATA_DIR: dataDir, RATE_LIMITS: 'otp-send-id=1000/3600' });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.reset();
  grant = await verifiedGrant(t.app);
});

const LOGO = uploadFolder(7, 'sunrise-academy.in', new Date(2025, 5, 1), { kind: 'logo' });
const ROLE = uploadFolder(7, 'sunrise-academy.in', new Date(2025, 5, 1), { kind: 'role', role: 'principal' });

function upload(
  fields: Record<string, string>,
  file?: { filename?: string; contentType?: string; data: Buffer },
  headers: Record<string, string> = { 'x-registration-token': grant },
  ip = randomIp(),
) {
  const body = multipart(
    fields,
    file && {
      filename: file.filename ?? 'logo.png',
      contentType: file.contentType ?? 'image/png',
      data: file.data,
    },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
    remoteAddress: ip,
  });
}

describe('POST /api/uploads', () => {
  it('stores a re-encoded image under a server-chosen key and answers secure_url', async () => {
    expect(LOGO).toBe('schooliko/0007_sunriseacademyin_20250601/logo');
    // A JPEG carrying EXIF metadata: it must not survive.
    const withExif = await sharp(await image('jpeg', 32))
      .withExif({ IFD0: { Copyright: 'secret-camera-owner' } })
      .jpeg()
      .toBuffer();
    expect(withExif.includes('secret-camera-owner')).toBe(true);
    const res = await upload(
      { folder: LOGO },
      { filename: '../../evil.php', contentType: 'image/jpeg', data: withExif },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.secure_url).toBe(body.data.secure_url);
    expect(body.data.secure_url).toMatch(
      /^\/uploads\/schooliko\/0007_sunriseacademyin_20250601\/logo\/[0-9a-f]{32}\.jpg$/,
    );
    expect(body.data.content_type).toBe('image/jpeg');

    const served = await t.app.inject({ method: 'GET', url: body.data.secure_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.includes('secret-camera-owner')).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(32);
  });

  it.each(['png', 'gif', 'webp'] as const)('accepts %s, detected by content', async (format) => {
    const res = await upload(
      { folder: ROLE },
      { filename: 'x.bin', contentType: 'application/octet-stream', data: await image(format) },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.secure_url).toMatch(new RegExp(`/roles/principal/[0-9a-f]{32}\\.${format}$`));
  });

  it.each([
    [
      'an SVG',
      'logo.svg',
      'image/svg+xml',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ],
    [
      'an HTML page named .png',
      'logo.png',
      'image/png',
      '<!doctype html><html><script>alert(1)</script></html>',
    ],
    ['a PDF', 'logo.png', 'image/png', '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'],
    ['text', 'logo.jpg', 'image/jpeg', 'just some words'],
  ])('refuses %s with 415', async (_what, filename, contentType, text) => {
    const res = await upload({ folder: LOGO }, { filename, contentType, data: Buffer.from(text) });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      success: false,
      message: UPLOAD_MESSAGES.invalidType.text,
      code: 'upload.invalidType',
    });
  });

  it('refuses a BMP (an image, but not one of the four types) and a truncated PNG', async () => {
    const bmp = Buffer.alloc(70);
    bmp.write('BM', 0);
    bmp.writeUInt32LE(70, 2);
    bmp.writeUInt32LE(54, 10);
    bmp.writeUInt32LE(40, 14);
    expect((await upload({ folder: LOGO }, { data: bmp })).statusCode).toBe(415);
    const png = await image('png', 64);
    expect((await upload({ folder: LOGO }, { data: png.subarray(0, 60) })).statusCode).toBe(415);
  });

  it('holds a logo to 1 MB and a role image to 2 MB, saying the size', async () => {
    const big = await image('png', 700, { noise: true });
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expect(big.length).toBeLessThan(2 * 1024 * 1024);
    const logo = await upload({ folder: LOGO }, { data: big });
    expect(logo.statusCode).toBe(413);
    expect(logo.json().message).toBe(
      `Image size should be less than 1MB. Current size: ${(big.length / 1024 / 1024).toFixed(2)}MB`,
    );
    expect((await upload({ folder: ROLE }, { data: big })).statusCode).toBe(200);

    const bigger = await image('png', 900, { noise: true });
    expect(bigger.length).toBeGreaterThan(2 * 1024 * 1024);
    const role = await upload({ folder: ROLE }, { data: bigger });
    expect(role.statusCode).toBe(413);
    expect(role.json().message).toMatch(/^Image size should be less than 2MB\. Current size: 2\.\d\dMB$/);

    const huge = await upload(
      { folder: ROLE },
      { data: Buffer.concat([bigger, Buffer.alloc(9 * 1024 * 1024)]) },
    );
    expect(huge.statusCode).toBe(413);
    // Cut off unread past 10 MB, the answer still names the size the body declared.
    expect(huge.json().message).toMatch(/^Image size should be less than 2MB\. Current size: 11\.\d\dMB$/);
  });

  it.each([
    ['no folder', undefined],
    ['a path outside the prefix', 'other/0001_x_20250101/logo'],
    ['a traversal', 'schooliko/0001_x_20250101/../../../etc'],
    ['an absolute path', '/etc/passwd'],
    ['an unknown role', 'schooliko/0001_x_20250101/roles/teacher'],
    ['a domain that is not reduced', 'schooliko/0001_Sunrise.in_20250101/logo'],
    ['an impossible date', 'schooliko/0001_x_20251340/logo'],
    ['a five-digit counter', 'schooliko/00001_x_20250101/logo'],
  ])('refuses %s as the folder', async (_what, folder) => {
    const res = await upload(folder === undefined ? {} : { folder }, { data: await image('png') });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid upload folder');
    expect(readdirSync(dataDir)).not.toContain('etc');
  });

  it('asks for a file', async () => {
    const res = await upload({ folder: LOGO });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.noFile.text);
  });

  it('lets only a holder of a valid registration token or a signed-in user upload', async () => {
    const png = await image('png');
    const nobody = await upload({ folder: LOGO }, { data: png }, {});
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json().message).toBe(UPLOAD_MESSAGES.notAllowed.text);
    expect(
      (await upload({ folder: LOGO }, { data: png }, { 'x-registration-token': 'forged' })).statusCode,
    ).toBe(401);

    await t.database.db.update(registrationGrants).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await upload({ folder: LOGO }, { data: png })).statusCode).toBe(401);

    const institute = await makeInstitute(t.database.db);
    const user = await makeUser(t.database.db, { institute, roles: ['teacher'] });
    const token = await tokenFor(t.app, user, institute, 'teacher');
    expect((await upload({ folder: LOGO }, { data: png }, as(institute, token))).statusCode).toBe(200);
  });

  it('limits uploads per address', async () => {
    const png = await image('png');
    const token = { 'x-registration-token': grant };
    for (let i = 0; i < 30; i++) {
      expect((await upload({ folder: LOGO }, { data: png }, token, '10.9.9.9')).statusCode).toBe(200);
    }
    const res = await upload({ folder: LOGO }, { data: png }, token, '10.9.9.9');
    expect(res.statusCode).toBe(429);
    // Another address is not affected.
    expect((await upload({ folder: LOGO }, { data: png }, token, '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('GET /uploads/* (cross-tenant upload read)', () => {
  const notFound = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(404);
    expect(res.json().success, url).toBe(false);
    return res;
  };

  it('serves a stored file only: folders, guessed keys and traversal are 404', async () => {
    writeFileSync(path.join(dataDir, 'secret.txt'), 'not for you');
    const stored = (await upload({ folder: LOGO }, { data: await image('png') })).json().data
      .secure_url as string;
    const folderUrl = stored.slice(0, stored.lastIndexOf('/'));
    // A folder is never listed.
    for (const url of [`${folderUrl}/`, folderUrl, '/uploads/', '/uploads', '/uploads/schooliko']) {
      const res = await notFound(url);
      expect(res.json().message).toBe('File not found');
      expect(res.body).not.toMatch(/[0-9a-f]{32}/);
    }
    // A guessed key is simply not there.
    for (const url of [`${folderUrl}/00000000000000000000000000000000.png`, `${stored}x`]) {
      expect((await notFound(url)).json().message).toBe('File not found');
    }
    // Traversal never reaches a file outside the uploads folder.
    for (const url of [
      '/uploads/../secret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/..%2fsecret.txt',
      '/uploads/%2e%2e%2fsecret.txt',
      '/uploads/%2e%2e%2f%2e%2e%2fpglite/PG_VERSION',
      '/uploads/schooliko/..%2f..%2fsecret.txt',
      '/uploads//etc/passwd',
    ]) {
      expect((await notFound(url)).body).not.toContain('not for you');
    }
    // The same key is served on any institute's host: logos are public assets, by key.
    const other = await makeInstitute(t.database.db);
    const hit = await t.app.inject({ method: 'GET', url: stored, headers: as(other) });
    expect(hit.statusCode).toBe(200);
    expect(hit.headers['content-type']).toBe('image/png');
    expect(hit.headers['content-length']).toBe(String(hit.rawPayload.length));
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
    expect(hit.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never follows a link out of the uploads folder', async () => {
    writeFileSync(path.join(dataDir, 'secret.txt'), 'not for you');
    mkdirSync(path.join(dataDir, 'uploads', 'linked'), { recursive: true });
    symlinkSync(path.join(dataDir, 'secret.txt'), path.join(dataDir, 'uploads', 'linked', 'secret.png'));
    expect((await notFound('/uploads/linked/secret.png')).body).not.toContain('not for you');
  });
});
