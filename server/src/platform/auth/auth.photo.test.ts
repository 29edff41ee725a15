import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@schooliko/common/auth';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { as, makeInstitute, makeUser, tokenFor } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { image, multipart } from '../uploads/uploads.testing';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'schooliko-me-photo-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => t.reset());

async function people() {
  const db = t.app.database.db;
  const institute = await makeInstitute(db);
  const person = async (role: Role, firstName: string) => {
    const user = await makeUser(db, { institute, roles: [role], firstName });
    return { id: user.id, headers: as(institute, await tokenFor(t.app, user, institute, role)) };
  };
  return { asha: await person('teacher', 'Asha'), ravi: await person('parent', 'Ravi') };
}

type File = { filename?: string; contentType?: string; data: Buffer };
function upload(headers: Record<string, string>, file: File) {
  const body = multipart({}, { filename: 'me.png', contentType: 'image/png', ...file });
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/me/photo',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
}
const me = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as { photo_url: string; first_name: string };
};

describe('POST/DELETE /api/auth/me/photo (Profile Settings)', () => {
  it("sets the person's own photo, cleaned, which /me then answers; removing clears it; nobody else's changes", async () => {
    const { asha, ravi } = await people();
    expect((await me(asha.headers)).photo_url).toBe('');
    const withExif = await sharp(await image('jpeg', 40))
      .withExif({ IFD0: { Copyright: 'secret-camera-owner' } })
      .jpeg()
      .toBuffer();
    const res = await upload(asha.headers, {
      filename: 'asha.jpg',
      contentType: 'image/jpeg',
      data: withExif,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Photo updated',
      data: { id: asha.id, first_name: 'Asha' },
    });
    const url: string = body.data.photo_url;
    expect(url).toMatch(/^\/api\/auth\/me\/photo\/[a-f0-9]{32}\.jpg$/);
    expect(await me(asha.headers)).toMatchObject({ photo_url: url, first_name: 'Asha' });
    expect((await me(ravi.headers)).photo_url).toBe('');

    // Private (issue 27): only to Asha herself; never at /uploads.
    const served = await t.app.inject({ method: 'GET', url, headers: asha.headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('no-store');
    expect(served.rawPayload.includes(Buffer.from('secret-camera-owner'))).toBe(false);
    const file = path.join(
      dataDir,
      'uploads',
      'private',
      'people',
      'users',
      asha.id,
      url.split('/').pop() ?? '',
    );
    expect(existsSync(file)).toBe(true);
    const key = `people/users/${asha.id}/${url.split('/').pop()}`;
    for (const address of [`/uploads/${key}`, `/uploads/private/${key}`])
      expect((await t.app.inject({ method: 'GET', url: address })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: ravi.headers })).statusCode).toBe(404);

    // A new photo replaces it: the old file is erased, its address is a 404.
    const again = await upload(asha.headers, { data: await image('png') });
    const newer: string = again.json().data.photo_url;
    expect(existsSync(file)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url, headers: asha.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: newer, headers: asha.headers })).statusCode).toBe(200);

    // Ravi's own photo, then Asha removes hers: his stays.
    const his = await upload(ravi.headers, { data: await image('png') });
    expect(his.statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/me/photo',
      headers: asha.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({
      success: true,
      message: 'Photo removed',
      data: { photo_url: '' },
    });
    expect((await me(asha.headers)).photo_url).toBe('');
    expect((await t.app.inject({ method: 'GET', url: newer, headers: asha.headers })).statusCode).toBe(404);
    expect(existsSync(path.join(path.dirname(file), newer.split('/').pop() ?? ''))).toBe(false);
    expect((await me(ravi.headers)).photo_url).toBe(his.json().data.photo_url);
    expect(his.json().data.photo_url).toMatch(/^\/api\/auth\/me\/photo\/[a-f0-9]{32}\.png$/);
    const hisPhoto = await t.app.inject({
      method: 'GET',
      url: his.json().data.photo_url,
      headers: ravi.headers,
    });
    expect(hisPhoto.statusCode).toBe(200);
  });

  it('refuses a text file (415 photos.invalidType) and a photo of 2 MB or more (413 upload.tooLarge)', async () => {
    const { asha } = await people();
    const text = await upload(asha.headers, {
      filename: 'notes.txt',
      contentType: 'text/plain',
      data: Buffer.from('not a photo'),
    });
    expect([text.statusCode, text.json().code]).toEqual([415, 'photos.invalidType']);
    const big = await upload(asha.headers, {
      data: Buffer.concat([await image('png'), Buffer.alloc(3 * 1024 * 1024)]),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      success: false,
      code: 'upload.tooLarge',
      params: { limit: 2, size: '3.00MB' },
    });
    expect((await me(asha.headers)).photo_url).toBe('');
  });

  it('asks for a signed-in person', async () => {
    const { asha } = await people();
    const res = await upload({ host: asha.headers.host ?? '' }, { data: await image('png') });
    expect(res.statusCode).toBe(401);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/me/photo',
      headers: { host: asha.headers.host ?? '' },
    });
    expect(del.statusCode).toBe(401);
  });
});
