import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { students } from '../../modules/students/students.table';
import { as } from '../../testing/factories';
import { makeSchool } from '../../testing/people';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { moveOldRecordPhotos } from './photo.routes';
import { image, multipart } from './uploads.testing';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'schooliko-photos-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => t.reset());

type File = { filename?: string; contentType?: string; data: Buffer };

function upload(url: string, headers: Record<string, string>, file?: File) {
  const body = multipart({}, file && { filename: 'photo.png', contentType: 'image/png', ...file });
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
}

async function history(headers: Record<string, string>, kind: string, id: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/${kind}/${id}/history`, headers });
  expect(res.statusCode).toBe(200);
  return res.json().data.items as { action: string; before: unknown; after: unknown }[];
}

describe('a student photo', () => {
  it('is cleaned, stored under the record, set on the record and audited; removing clears it', async () => {
    const s = await makeSchool(t.app);
    const id = s.students.other.id;
    // A JPEG with a camera owner in its EXIF: the stored photo must not carry it.
    const withExif = await sharp(await image('jpeg', 48))
      .withExif({ IFD0: { Copyright: 'secret-camera-owner' } })
      .jpeg()
      .toBuffer();
    const res = await upload(`/api/students/${id}/photo`, s.admin.headers, {
      filename: 'kabir.jpg',
      contentType: 'image/jpeg',
      data: withExif,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Photo updated', data: { id } });
    const url: string = body.data.photo_url;
    expect(url).toMatch(new RegExp(`^/api/students/${id}/photo/[a-f0-9]{32}\\.jpg$`));

    // The record and the list show it; the file is served, re-encoded without its metadata.
    const record = await t.app.inject({
      method: 'GET',
      url: `/api/students/${id}`,
      headers: s.admin.headers,
    });
    expect(record.json().data.photo_url).toBe(url);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/students?search=kabir',
      headers: s.admin.headers,
    });
    expect(list.json().data.items.map((x: { photo_url: string }) => x.photo_url)).toEqual([url]);
    const served = await t.app.inject({ method: 'GET', url, headers: s.admin.headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('no-store');
    expect(served.rawPayload.includes(Buffer.from('secret-camera-owner'))).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(48);

    expect(await history(s.admin.headers, 'students', id)).toMatchObject([
      { action: 'photo', before: { photoUrl: '' }, after: { photoUrl: url } },
    ]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/students/${id}/photo`,
      headers: s.admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({
      success: true,
      message: 'Photo removed',
      data: { id, photo_url: '' },
    });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/students/${id}/photo`,
      headers: s.admin.headers,
    });
    expect(again.statusCode).toBe(200);
    // Removing a photo that is not there changes nothing and records nothing.
    expect((await history(s.admin.headers, 'students', id)).map((e) => e.action)).toEqual([
      'photo-removed',
      'photo',
    ]);
  });

  it('is refused to a teacher without students:write (403), even for a pupil of their section', async () => {
    const s = await makeSchool(t.app);
    const id = s.students.child.id; // VII-A, which the teacher leads
    const res = await upload(`/api/students/${id}/photo`, s.teacher.headers, { data: await image('png') });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'auth.forbidden' });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/students/${id}/photo`,
      headers: s.teacher.headers,
    });
    expect(del.statusCode).toBe(403);
    for (const who of [s.parent, s.student]) {
      const asked = await upload(`/api/students/${id}/photo`, who.headers, { data: await image('png') });
      expect(asked.statusCode).toBe(403);
    }
    const record = await t.app.inject({
      method: 'GET',
      url: `/api/students/${id}`,
      headers: s.admin.headers,
    });
    expect(record.json().data.photo_url).toBe('');
  });

  it("answers 404 for another institute's student and changes nothing there", async () => {
    const a = await makeSchool(t.app, 'A');
    const b = await makeSchool(t.app, 'B');
    const id = b.students.other.id;
    const res = await upload(`/api/students/${id}/photo`, a.admin.headers, { data: await image('png') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'students.notFound' });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/students/${id}/photo`,
      headers: a.admin.headers,
    });
    expect(del.statusCode).toBe(404);
    expect(await history(b.admin.headers, 'students', id)).toEqual([]);
  });

  it('refuses what is not a JPEG, PNG or WebP photo, a missing file and a cut-off body, with their codes', async () => {
    const s = await makeSchool(t.app);
    const url = `/api/students/${s.students.other.id}/photo`;
    const cases: [File | undefined, number, string][] = [
      [{ filename: 'a.png', data: Buffer.from('not an image at all') }, 415, 'photos.invalidType'],
      [
        {
          filename: 'a.svg',
          contentType: 'image/svg+xml',
          data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        },
        415,
        'photos.invalidType',
      ],
      // A GIF is an image, but not a photo we keep.
      [{ filename: 'a.gif', contentType: 'image/gif', data: await image('gif') }, 415, 'photos.invalidType'],
      [{ filename: 'a.png', data: (await image('png')).subarray(0, 40) }, 415, 'photos.invalidType'],
      [undefined, 400, 'upload.noFile'],
    ];
    for (const [file, status, code] of cases) {
      const res = await upload(url, s.admin.headers, file);
      expect([file?.filename, res.statusCode, res.json().code]).toEqual([file?.filename, status, code]);
      expect(res.json().success).toBe(false);
    }
    const json = await t.app.inject({
      method: 'POST',
      url,
      headers: s.admin.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ success: false, code: 'upload.noFile' });

    const cut = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...s.admin.headers, 'content-type': 'multipart/form-data; boundary=XX' },
      payload: '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ success: false, code: 'common.uploadCutShort' });

    const record = await t.app.inject({
      method: 'GET',
      url: url.replace('/photo', ''),
      headers: s.admin.headers,
    });
    expect(record.json().data.photo_url).toBe('');
  });

  it('refuses a photo of 2 MB or more with 413 and its size', async () => {
    const s = await makeSchool(t.app);
    const url = `/api/students/${s.students.other.id}/photo`;
    const big = await upload(url, s.admin.headers, {
      data: Buffer.concat([await image('png'), Buffer.alloc(3 * 1024 * 1024)]),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      success: false,
      code: 'upload.tooLarge',
      params: { limit: 2, size: '3.00MB' },
      message: 'Image size should be less than 2MB. Current size: 3.00MB',
    });
    // Past the read limit the body is cut off unread; the answer still names its size.
    const huge = await upload(url, s.admin.headers, { data: Buffer.alloc(9 * 1024 * 1024, 1) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'upload.tooLarge', params: { limit: 2 } });
  });
});

/** Where local storage keeps the file behind a photo's address. */
function storedFile(instituteId: string, url: string) {
  const [, , kind, id, , file] = url.split('/');
  return path.join(dataDir, 'uploads', 'private', 'people', instituteId, `${kind}`, `${id}`, `${file}`);
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe("a person's photo is private (issue 27)", () => {
  it('is served only to those who may see the record, never publicly, and is erased when removed', async () => {
    const s = await makeSchool(t.app);
    const other = await makeSchool(t.app, 'Other');
    const id = s.students.child.id; // VII-A: the teacher leads it, the parent's child, the pupil
    const res = await upload(`/api/students/${id}/photo`, s.admin.headers, { data: await image('png', 40) });
    const url: string = res.json().data.photo_url;
    const file = storedFile(s.institute.id, url);
    expect(existsSync(file)).toBe(true);

    // Not at /uploads, under its new key or where photos used to be kept.
    const key = path.relative(path.join(dataDir, 'uploads'), file).split(path.sep).join('/');
    for (const address of [`/uploads/${key}`, `/uploads/${key.replace(/^private\//, '')}`])
      expect((await get(address)).statusCode).toBe(404);

    // Without a session: 401; another institute's member (or host): 404.
    const anonymous = await get(url, as(s.institute));
    expect(anonymous.statusCode).toBe(401);
    expect((await get(url, other.admin.headers)).statusCode).toBe(404);
    expect((await get(url, { ...other.admin.headers, host: s.institute.domain })).statusCode).toBe(401);
    expect((await get(url, { ...s.admin.headers, host: other.institute.domain })).statusCode).toBe(401);

    // Those who may see the pupil: the office, the teacher of the section, the parent, the pupil.
    for (const who of [s.admin, s.teacher, s.parent, s.student]) {
      const seen = await get(url, who.headers);
      expect([seen.statusCode, seen.headers['cache-control']]).toEqual([200, 'no-store']);
      expect((await sharp(seen.rawPayload).metadata()).width).toBe(40);
    }
    // Another file name under the record is a 404.
    expect((await get(url.replace(/[a-f0-9]{32}/, '0'.repeat(32)), s.admin.headers)).statusCode).toBe(404);

    // A pupil the teacher does not teach: 404.
    const elsewhere = await upload(`/api/students/${s.students.other.id}/photo`, s.admin.headers, {
      data: await image('png'),
    });
    expect((await get(elsewhere.json().data.photo_url, s.teacher.headers)).statusCode).toBe(404);
    expect((await get(elsewhere.json().data.photo_url, s.parent.headers)).statusCode).toBe(404);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/students/${id}/photo`,
      headers: s.admin.headers,
    });
    expect(removed.json().message).toBe('Photo removed');
    expect((await get(url, s.admin.headers)).statusCode).toBe(404);
    expect(existsSync(file)).toBe(false);
  });

  it('is erased from storage when replaced; the old address answers 404', async () => {
    const s = await makeSchool(t.app);
    const id = s.teacherStaff.id;
    const first = (
      await upload(`/api/staff/${id}/photo`, s.admin.headers, { data: await image('png') })
    ).json().data.photo_url as string;
    const second = (
      await upload(`/api/staff/${id}/photo`, s.admin.headers, { data: await image('png', 24) })
    ).json().data.photo_url as string;
    expect(second).not.toBe(first);
    expect(existsSync(storedFile(s.institute.id, first))).toBe(false);
    expect(existsSync(storedFile(s.institute.id, second))).toBe(true);
    expect((await get(first, s.admin.headers)).statusCode).toBe(404);
    expect((await get(second, s.teacher.headers)).statusCode).toBe(200);
  });

  it('moves a photo left at its old public address to its private place, erasing the old file', async () => {
    const s = await makeSchool(t.app);
    const id = s.students.child.id;
    const oldKey = `people/${s.institute.id}/students/${id}/${'ab'.repeat(16)}.png`;
    const oldUrl = await t.app.storage.put(oldKey, await image('png', 20), 'image/png');
    expect(oldUrl).toBe(`/uploads/${oldKey}`);
    const lostUrl = `/uploads/people/${s.institute.id}/students/${s.students.other.id}/${'cd'.repeat(16)}.png`;
    await t.database.db.update(students).set({ photoUrl: oldUrl }).where(eq(students.id, id));
    await t.database.db
      .update(students)
      .set({ photoUrl: lostUrl })
      .where(eq(students.id, s.students.other.id));
    expect((await get(oldUrl)).statusCode).toBe(404);

    expect(await moveOldRecordPhotos(t.app, 'students', students)).toBe(1);
    const record = await get(`/api/students/${id}`, s.admin.headers);
    const url = record.json().data.photo_url;
    expect(url).toBe(`/api/students/${id}/photo/${'ab'.repeat(16)}.png`);
    const served = await get(url, s.parent.headers);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(20);
    expect(await t.app.storage.exists(oldKey)).toBe(false);
    // A photo whose file was lost is cleared; nothing is left to move.
    expect((await get(`/api/students/${s.students.other.id}`, s.admin.headers)).json().data.photo_url).toBe(
      '',
    );
    expect(await moveOldRecordPhotos(t.app, 'students', students)).toBe(0);
  });
});

describe('a staff photo', () => {
  it('is set by an admin (audited), refused to a teacher, removed', async () => {
    const s = await makeSchool(t.app);
    const id = s.teacherStaff.id;
    const res = await upload(`/api/staff/${id}/photo`, s.admin.headers, {
      filename: 'meera.webp',
      contentType: 'image/webp',
      data: await image('webp', 32),
    });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data.photo_url;
    expect(url).toMatch(new RegExp(`^/api/staff/${id}/photo/[a-f0-9]{32}\\.webp$`));
    expect(await history(s.admin.headers, 'staff', id)).toMatchObject([
      { action: 'photo', before: { photoUrl: '' }, after: { photoUrl: url } },
    ]);

    const teacher = await upload(`/api/staff/${id}/photo`, s.teacher.headers, { data: await image('png') });
    expect(teacher.statusCode).toBe(403);

    const other = await makeSchool(t.app, 'Other');
    const elsewhere = await t.app.inject({
      method: 'DELETE',
      url: `/api/staff/${id}/photo`,
      headers: other.admin.headers,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe('staff.notFound');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/staff/${id}/photo`,
      headers: s.admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.photo_url).toBe('');
    expect((await history(s.admin.headers, 'staff', id)).map((e) => e.action)).toEqual([
      'photo-removed',
      'photo',
    ]);
  });
});
