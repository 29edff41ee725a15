import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { image, multipart } from '../../platform/uploads/uploads.testing';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { caller, twoInstitutes } from '../website/website.test-helpers';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'schooliko-branding-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => t.reset());

function upload(headers: Record<string, string>, slot: string, data?: Buffer, contentType = 'image/png') {
  const body = multipart({ slot }, data && { filename: 'picture.png', contentType, data });
  return t.app.inject({
    method: 'POST',
    url: '/api/profile/branding/images',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
}

const branding = (domain: string) =>
  t.app.inject({ method: 'POST', url: '/api/institutes/basic-data', payload: { domain } });

const noRoles = { admin: '', director: '', principal: '', student: '', parent: '' };

describe('Update Profile: name and branding (issue 17 item 9)', () => {
  it('uploads each picture into its folder, saves the set and the branding shows it at once', async () => {
    const { a } = await twoInstitutes(t.database.db);
    const { headers } = await caller(t.app, a, 'admin');
    // The branding is read (and cached) before the change.
    expect((await branding(a.domain)).json().data.institute_name).toBe('Sunrise Public School');

    const logo = await upload(
      headers,
      'logo',
      await sharp(await image('png', 900))
        .png()
        .toBuffer(),
    );
    expect(logo.statusCode).toBe(200);
    expect(logo.json()).toMatchObject({ success: true, message: 'Image uploaded', data: { slot: 'logo' } });
    const logoUrl: string = logo.json().data.url;
    expect(logoUrl).toMatch(new RegExp(`^/uploads/branding/${a.id}/logo/[a-f0-9]{32}\\.png$`));
    // Re-encoded and scaled to fit 512 pixels a side.
    const served = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(512);

    const cover = await upload(headers, 'cover', await image('jpeg', 64), 'image/jpeg');
    const coverUrl: string = cover.json().data.url;
    expect(coverUrl).toMatch(new RegExp(`^/uploads/branding/${a.id}/cover/[a-f0-9]{32}\\.jpg$`));
    const parent = await upload(headers, 'parent', await image('webp', 32), 'image/webp');
    const parentUrl: string = parent.json().data.url;
    expect(parentUrl).toMatch(new RegExp(`^/uploads/branding/${a.id}/roles/parent/[a-f0-9]{32}\\.webp$`));

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/branding',
      headers,
      payload: {
        institute_name: '  Sunrise International School ',
        slogan: 'Curious, capable, kind',
        logo_url: logoUrl,
        cover_image_url: coverUrl,
        role_images: { ...noRoles, parent: parentUrl },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Name, logo and images saved');
    const expected = {
      institute_id: a.id,
      institute_name: 'Sunrise International School',
      slogan: 'Curious, capable, kind',
      logo_url: logoUrl,
      cover_image_url: coverUrl,
      role_images: [{ role: 'parent', image_url: parentUrl }],
    };
    expect(saved.json().data).toMatchObject(expected);
    // No waiting for the cache's five minutes: the next page load gets the new branding.
    expect((await branding(a.domain)).json().data).toMatchObject(expected);

    // Clearing a picture and the slogan stores none.
    const cleared = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/branding',
      headers,
      payload: { institute_name: 'Sunrise International School', logo_url: logoUrl, role_images: noRoles },
    });
    expect(cleared.json().data).toMatchObject({ slogan: null, cover_image_url: null, role_images: [] });
    expect((await branding(a.domain)).json().data.cover_image_url).toBeNull();
  });

  it('lets a director of an institute in no group change it; changes only the caller’s institute', async () => {
    const { a, b } = await twoInstitutes(t.database.db);
    const { headers } = await caller(t.app, a, 'director');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/branding',
      headers,
      payload: { institute_name: 'Sunrise Senior Secondary', role_images: noRoles },
    });
    expect(res.statusCode).toBe(200);
    expect((await branding(b.domain)).json().data.institute_name).toBe('Riverdale High');
  });

  it.each(['teacher', 'student', 'parent'] as const)('refuses a %s with 403', async (role) => {
    const { a } = await twoInstitutes(t.database.db);
    const { headers } = await caller(t.app, a, role);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/branding',
      headers,
      payload: { institute_name: 'Taken Over', role_images: noRoles },
    });
    expect(put.statusCode).toBe(403);
    expect((await upload(headers, 'logo', await image('png'))).statusCode).toBe(403);
    expect((await branding(a.domain)).json().data.institute_name).toBe('Sunrise Public School');
  });

  it('refuses an upload without a sign-in', async () => {
    const { a } = await twoInstitutes(t.database.db);
    const res = await upload({ host: a.domain }, 'logo', await image('png'));
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [
      'a slot that is not a picture of ours',
      'banner',
      'png',
      400,
      'Choose which image this is: logo, cover or a role',
    ],
    [
      'a file that is not an image',
      'logo',
      'text',
      415,
      'Please select a valid image file (JPG, PNG, GIF, WebP)',
    ],
    ['a missing file', 'cover', 'none', 400, 'Please select an image first'],
  ] as const)('explains %s', async (_, slot, kind, status, message) => {
    const { a } = await twoInstitutes(t.database.db);
    const { headers } = await caller(t.app, a, 'admin');
    const data =
      kind === 'png' ? await image('png') : kind === 'text' ? Buffer.from('not a picture at all') : undefined;
    const res = await upload(headers, slot, data);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it('explains a logo over 1 MB with its size', async () => {
    const { a } = await twoInstitutes(t.database.db);
    const { headers } = await caller(t.app, a, 'admin');
    const big = await image('png', 700, { noise: true });
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const res = await upload(headers, 'logo', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/^Image size should be less than 1MB\. Current size: 1\.\d\dMB$/);
  });

  it.each([
    ['institute_name', { institute_name: ' ' }, 'Please enter the institute name'],
    ['logo_url', { logo_url: 'javascript:alert(1)' }, 'Please upload this image again'],
    [
      'role_images.student',
      { role_images: { ...noRoles, student: '//evil.example/x.png' } },
      'Please upload this image again',
    ],
    ['slogan', { slogan: 'x'.repeat(201) }, 'Please keep this under 200 characters'],
  ])('explains a bad %s', async (field, change, message) => {
    const { a } = await twoInstitutes(t.database.db);
    const { headers } = await caller(t.app, a, 'admin');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/branding',
      headers,
      payload: { institute_name: 'Sunrise', role_images: noRoles, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
  });
});
