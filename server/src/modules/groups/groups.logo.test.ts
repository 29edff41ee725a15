import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GROUP_LOGO_MESSAGES } from '@schooliko/common/group-logo';
import { GROUP_MESSAGES } from '@schooliko/common/groups';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_S3, fakeS3, multipart } from '../../platform/uploads/uploads.testing';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { groupPayload, type Person, person } from './groups.testing';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'schooliko-group-logo-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let director: Person;
beforeEach(async () => {
  await t.reset();
  director = await person(t.app, t.database.db);
});

const prerequisites = {
  'x-group-type': 'school_chain',
  'x-group-name': encodeURIComponent('सूर्योदय Schools'),
  'x-group-city': 'Pune',
  'x-group-pincode': '411001',
};

async function upload(
  body: Buffer,
  options: {
    filename?: string;
    type?: string;
    field?: string;
    headers?: Record<string, string>;
    as?: Person;
    app?: FastifyInstance;
  } = {},
) {
  const form = multipart(
    {},
    { filename: options.filename ?? 'logo.png', contentType: options.type ?? 'image/png', data: body },
    options.field ?? 'logo',
  );
  return (options.app ?? t.app).inject({
    method: 'POST',
    url: '/api/groups/temp/logo',
    headers: {
      ...(options.as ?? director).headers,
      ...(options.headers ?? prerequisites),
      ...form.headers,
    },
    payload: form.payload,
  });
}

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#003c4f' } })
    .png()
    .toBuffer();

describe('POST /api/groups/temp/logo (spec 5.8, 7.2)', () => {
  it('stores a PNG and serves it back with nosniff and a long cache', async () => {
    const res = await upload(await png());
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data.group_logo;
    expect(url).toMatch(/^\/uploads\/groups\/temp\/[a-f0-9]{32}\.png$/);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 64, 48]);
  });

  it('reads the type from the bytes: a PNG named .gif is stored as a PNG', async () => {
    const res = await upload(await png(), { filename: 'logo.gif', type: 'image/gif' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.group_logo).toMatch(/\.png$/);
  });

  it('accepts JPEG, GIF and WebP and strips metadata', async () => {
    const base = sharp({ create: { width: 40, height: 40, channels: 3, background: '#388e3c' } });
    const jpeg = await base
      .clone()
      .jpeg()
      .withExif({ IFD0: { Copyright: 'SECRET-OWNER', Artist: 'SECRET-OWNER' } })
      .toBuffer();
    expect(jpeg.includes('SECRET-OWNER')).toBe(true);
    const cases: [Buffer, string][] = [
      [jpeg, 'jpg'],
      [await base.clone().gif().toBuffer(), 'gif'],
      [await base.clone().webp().toBuffer(), 'webp'],
    ];
    for (const [bytes, ext] of cases) {
      const res = await upload(bytes, { filename: `logo.${ext}` });
      expect(res.statusCode).toBe(200);
      const url: string = res.json().data.group_logo;
      expect(url.endsWith(`.${ext}`)).toBe(true);
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.rawPayload.includes('SECRET-OWNER')).toBe(false);
    }
  });

  it('keeps an animated GIF or WebP animated', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 40, height: 40, channels: 3, background } })
        .png()
        .toBuffer();
    const frames = [await frame('#003c4f'), await frame('#388e3c')];
    for (const ext of ['gif', 'webp'] as const) {
      const animated = sharp(frames, { join: { animated: true } });
      const bytes = await (ext === 'gif' ? animated.gif() : animated.webp()).toBuffer();
      const res = await upload(bytes, { filename: `logo.${ext}` });
      expect(res.statusCode).toBe(200);
      const file = await t.app.inject({ method: 'GET', url: res.json().data.group_logo });
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.format, meta.pages, meta.width, meta.height]).toEqual([ext, 2, 40, 40]);
    }
  });

  it('scales a large picture down to 1024 pixels a side, never a small one up', async () => {
    const wide = await sharp({ create: { width: 2048, height: 1024, channels: 3, background: '#003c4f' } })
      .jpeg()
      .toBuffer();
    const res = await upload(wide, { filename: 'logo.jpg' });
    expect(res.statusCode).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: res.json().data.group_logo });
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1024, 512]);
  });

  it('refuses a text file named .png and an SVG with 415', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [bytes, name, type] of [
      [Buffer.from('just some text, not an image at all'), 'logo.png', 'image/png'],
      [svg, 'logo.svg', 'image/svg+xml'],
      [svg, 'logo.png', 'image/png'],
    ] as const) {
      const res = await upload(bytes, { filename: name, type });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        success: false,
        message: 'Please select a valid image file (JPG, PNG, GIF, WebP)',
        code: 'upload.invalidType',
      });
    }
  });

  it('refuses a PNG header followed by garbage with 415', async () => {
    const fake = Buffer.concat([(await png()).subarray(0, 33), randomBytes(200)]);
    const res = await upload(fake);
    expect(res.statusCode).toBe(415);
  });

  it('refuses an image of 1 MB or more with 413 and its size', async () => {
    const noise = await sharp(randomBytes(660 * 660 * 3), { raw: { width: 660, height: 660, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1.2 * 1024 * 1024);
    const res = await upload(noise);
    expect(res.statusCode).toBe(413);
    const size = `${(noise.length / 1024 / 1024).toFixed(2)}MB`;
    expect(res.json()).toEqual({
      success: false,
      message: `Image size should be less than 1MB. Current size: ${size}`,
      code: 'upload.tooLarge',
      params: { limit: 1, size },
    });
  });

  it('names the size of a far larger upload too', async () => {
    const res = await upload(Buffer.concat([await png(), randomBytes(5 * 1024 * 1024)]));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/^Image size should be less than 1MB\. Current size: 5\.\d\dMB$/);
  });

  it.each(['x-group-type', 'x-group-name', 'x-group-city', 'x-group-pincode'])(
    'needs the %s header first',
    async (missing) => {
      const headers: Record<string, string> = { ...prerequisites };
      delete headers[missing];
      const res = await upload(await png(), { headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Please select group type, enter group name, city, and pincode before uploading logo',
      );
    },
  );

  it('needs a real group type and a 6-digit pincode', async () => {
    for (const bad of [
      { 'x-group-type': 'club' },
      { 'x-group-pincode': '41100' },
      { 'x-group-name': '  ' },
    ]) {
      const res = await upload(await png(), { headers: { ...prerequisites, ...bad } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(GROUP_LOGO_MESSAGES.prerequisites.text);
    }
  });

  it('says "Please select an image first" without a file', async () => {
    const emptyFile = await upload(Buffer.alloc(0));
    expect(emptyFile.statusCode).toBe(400);
    expect(emptyFile.json().message).toBe('Please select an image first');
    const otherField = await upload(await png(), { field: 'picture' });
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json().message).toBe('Please select an image first');
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/groups/temp/logo',
      headers: { ...director.headers, ...prerequisites },
      payload: { logo: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().message).toBe('Please select an image first');
  });

  it('is for directors only, checked before anything else', async () => {
    const admin = await person(t.app, t.database.db, 'admin');
    const res = await upload(await png(), { as: admin, headers: {} });
    expect(res.statusCode).toBe(403);
  });
});

describe('a group with an uploaded logo', () => {
  it('keeps the uploaded logo, says so, and can drop it later', async () => {
    const url: string = (await upload(await png())).json().data.group_logo;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: director.headers,
      payload: groupPayload({ group_logo: url }),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Group created with logo successfully!');
    expect(created.json().data.group_logo).toBe(url);
    const id = created.json().data._id;

    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/groups/${id}`,
      headers: director.headers,
      payload: groupPayload({ group_logo: url }),
    });
    expect(same.json().data.group_logo).toBe(url);
    const dropped = await t.app.inject({
      method: 'PUT',
      url: `/api/groups/${id}`,
      headers: director.headers,
      payload: groupPayload({ group_logo: null }),
    });
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json().data.group_logo).toBeNull();
  });
});

describe('group logos in S3-compatible storage', () => {
  it('stores the logo in the bucket, answers its public URL and lets a group keep only stored ones', async () => {
    const s3 = await fakeS3();
    const s3App = await createTestApp({
      DATA_DIR: dataDir,
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: 'assets',
      S3_ACCESS_KEY_ID: FAKE_S3.accessKeyId,
      S3_SECRET_ACCESS_KEY: FAKE_S3.secretAccessKey,
      S3_REGION: FAKE_S3.region,
      S3_PUBLIC_URL: 'https://cdn.example.in/assets',
    });
    try {
      const who = await person(s3App.app, s3App.database.db);
      const res = await upload(await png(), { app: s3App.app, as: who });
      expect(res.statusCode).toBe(200);
      const url: string = res.json().data.group_logo;
      expect(url).toMatch(/^https:\/\/cdn\.example\.in\/assets\/groups\/temp\/[a-f0-9]{32}\.png$/);
      const object = s3.objects.get(`/assets/${url.slice('https://cdn.example.in/assets/'.length)}`);
      expect(object?.contentType).toBe('image/png');
      expect((await sharp(object?.body).metadata()).width).toBe(64);
      // Nothing lands on the local disk.
      expect(
        (await s3App.app.inject({ method: 'GET', url: `/uploads/${url.split('/assets/')[1]}` })).statusCode,
      ).toBe(404);

      const create = (group_logo: string) =>
        s3App.app.inject({
          method: 'POST',
          url: '/api/groups',
          headers: who.headers,
          payload: groupPayload({ group_logo }),
        });
      const created = await create(url);
      expect(created.statusCode).toBe(201);
      expect(created.json().data.group_logo).toBe(url);
      expect(s3.requests.at(-1)?.method).toBe('HEAD');

      for (const other of [
        'https://cdn.example.in/assets/groups/temp/0123456789abcdef0123456789abcdef.png',
        `/uploads/${url.split('/assets/')[1]}`,
        'https://cdn.example.in/assets/schooliko/0001_x_20250101/logo/0123456789abcdef0123456789abcdef.png',
      ]) {
        const res = await create(other);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(GROUP_MESSAGES.logoInvalid.text);
      }
    } finally {
      await s3App.close();
      await s3.close();
    }
  });
});

describe('upload rate limit', () => {
  it('answers 429 past the per-director limit', async () => {
    const limited = await createTestApp({ DATA_DIR: dataDir, RATE_LIMITS: 'group-logo=2/600' });
    try {
      const who = await person(limited.app, limited.database.db);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await upload(await png(), { app: limited.app, as: who })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
