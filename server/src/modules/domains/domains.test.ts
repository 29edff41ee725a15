import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { domainToASCII } from 'node:url';
import { DOMAIN_MESSAGES } from '@schooliko/common/domains';
import { uploadFolder } from '@schooliko/common/uploads';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { institutes } from '../../platform/institutes/institutes.table';
import { image, multipart } from '../../platform/uploads/uploads.testing';
import { makeInstitute } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { DEMO_BDR } from '../bdrs/bdrs.seed';
import { addBdr } from '../bdrs/bdrs.service';
import { registrationGrants } from '../bdrs/bdrs.table';
import { randomIp, verifiedGrant } from '../bdrs/bdrs.testing';
import { domains } from './domains.table';

let t: TestApp;
let dataDir: string;
let ip: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'schooliko-domains-'));
  t = await createTestApp({ DATA_DIR: dataDir, RATE_LIMITS: 'otp-send-id=1000/3600' });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.reset();
  ip = randomIp();
});

const check = (domain: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/domains/check-domain?domain_name=${encodeURIComponent(domain)}`,
    remoteAddress: ip,
  });

async function uploadAs(grant: string, folder: string): Promise<string> {
  const body = multipart(
    { folder },
    { filename: 'x.png', contentType: 'image/png', data: await image('png') },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload: body.payload,
    headers: { ...body.headers, 'x-registration-token': grant },
    remoteAddress: randomIp(),
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().secure_url;
}

/** A complete, valid payload of spec 3.10 with images uploaded under the grant. */
async function payloadFor(grant: string, domain = 'sunrise-academy.in') {
  const at = (target: Parameters<typeof uploadFolder>[3]) => uploadFolder(1, domain, new Date(), target);
  const roles = ['admin', 'director', 'principal', 'student', 'parent'] as const;
  return {
    bdr_id: DEMO_BDR.bdrId,
    bdr_name: DEMO_BDR.name,
    domain_name: domain,
    institute_name: 'Sunrise Academy',
    institute_contact_person: 'Meera Joshi',
    domain_purchased_from: 'GoDaddy',
    purchase_date: '2025-06-01',
    logo_url: await uploadAs(grant, at({ kind: 'logo' })),
    slogan: 'Rise and shine',
    subdomain_enabled: true,
    role_images: await Promise.all(
      roles.map(async (role) => ({ role, image_url: await uploadAs(grant, at({ kind: 'role', role })) })),
    ),
    registration_token: grant,
  };
}

const register = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/domains/domain-register',
    remoteAddress: ip,
    payload,
  });

describe('GET /api/domains/check-domain', () => {
  it('answers available for a free, well-formed domain, lower-cased', async () => {
    const res = await check('Sunrise-Academy.IN');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, exists: false, message: 'Domain is available' });
  });

  it('answers exists for an institute domain, a platform subdomain, or a registration', async () => {
    await makeInstitute(t.database.db, { domain: 'taken.in', subdomain: 'taken.schooliko.localhost' });
    for (const domain of ['taken.in', 'www.taken.in']) {
      expect((await check(domain)).json()).toEqual({
        success: true,
        exists: true,
        message: 'Domain already exists in our database. Please choose a different domain.',
      });
    }
    await t.database.db.insert(domains).values({
      domainName: 'registered.co.in',
      bdrId: DEMO_BDR.bdrId,
      contactPerson: 'X',
      provider: 'Other',
      purchaseDate: '2025-01-01',
    });
    expect((await check('registered.co.in')).json().exists).toBe(true);
  });

  it.each([
    ['', 'Please enter a domain name'],
    ['school', DOMAIN_MESSAGES.domainInvalid.text],
    ['school.fr', DOMAIN_MESSAGES.domainInvalid.text],
    ['-school.in', DOMAIN_MESSAGES.domainInvalid.text],
    ['my school.in', DOMAIN_MESSAGES.domainInvalid.text],
    ['sub.school.in', DOMAIN_MESSAGES.domainInvalid.text],
    [`${'a'.repeat(64)}.com`, DOMAIN_MESSAGES.domainInvalid.text],
  ])('refuses %j with the spec message', async (domain, message) => {
    const res = await check(domain);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(message).toMatch(
      /^(Please enter a domain name|Invalid domain format\. Use formats like: .+, school\.in, school\.gov\.in)$/,
    );
  });

  it.each([
    'school.com',
    'school.gov.in',
    'school.co.in',
    'school.ac.in',
    'school.nic.in',
    'a-b.xyz',
    'x.info',
    'x.biz',
    'x.edu',
    'x.net',
    'x.org',
    `${'a'.repeat(63)}.in`,
    'sunrise.localhost',
  ])('accepts %s', async (domain) => {
    expect((await check(domain)).statusCode).toBe(200);
  });
});

describe('POST /api/domains/domain-register', () => {
  it('creates the institute on its domain at once, with its branding, and answers 201', async () => {
    // A visit before registration caches "unknown": registering must clear it.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/institutes/domain/sunrise-academy.in' })).statusCode,
    ).toBe(404);
    const grant = await verifiedGrant(t.app, ip);
    const payload = await payloadFor(grant);
    const res = await register(payload);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Domain registered successfully');
    expect(body.data).toEqual({
      institute_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      domain_name: 'sunrise-academy.in',
      url: 'https://sunrise-academy.in',
      subdomain: 'sunrise-academy.schooliko.localhost',
    });

    for (const host of [
      'sunrise-academy.in',
      'www.sunrise-academy.in',
      'sunrise-academy.schooliko.localhost',
    ]) {
      const branding = await t.app.inject({
        method: 'POST',
        url: '/api/institutes/basic-data',
        payload: { domain: host },
      });
      expect(branding.statusCode).toBe(200);
      expect(branding.json().data).toMatchObject({
        institute_id: body.data.institute_id,
        institute_code: 'SA01',
        institute_name: 'Sunrise Academy',
        logo_url: payload.logo_url,
        slogan: 'Rise and shine',
        role_images: payload.role_images,
      });
    }
    const [record] = await t.database.db.select().from(domains);
    expect(record).toMatchObject({
      domainName: 'sunrise-academy.in',
      bdrId: DEMO_BDR.bdrId,
      instituteId: body.data.institute_id,
      contactPerson: 'Meera Joshi',
      provider: 'GoDaddy',
      purchaseDate: '2025-06-01',
      subdomainEnabled: true,
      subdomain: 'sunrise-academy.schooliko.localhost',
    });

    // Its first admin can sign up there.
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signUp',
      headers: { host: 'sunrise-academy.in' },
      payload: {
        first_name: 'Meera',
        last_name: 'Joshi',
        email: 'meera@sunrise-academy.in',
        mobile: '9876543210',
        password: 'Sunrise@123',
        confirm_password: 'Sunrise@123',
        role: 'admin',
      },
    });
    expect([200, 201]).toContain(signUp.statusCode);
  });

  it('serves a *.localhost registration on plain http and without a subdomain when not asked', async () => {
    const grant = await verifiedGrant(t.app, ip);
    const res = await register({
      ...(await payloadFor(grant, 'sunrise.localhost')),
      subdomain_enabled: false,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ url: 'http://sunrise.localhost', subdomain: null });
  });

  it('gives the next code and subdomain when the first are taken', async () => {
    await makeInstitute(t.database.db, {
      code: 'SA01',
      domain: 'x.in',
      subdomain: 'sunrise-academy.schooliko.localhost',
    });
    const grant = await verifiedGrant(t.app, ip);
    const res = await register(await payloadFor(grant));
    expect(res.json().data.subdomain).toBe('sunrise-academy-2.schooliko.localhost');
    const [row] = await t.database.db
      .select()
      .from(institutes)
      .where(eq(institutes.domain, 'sunrise-academy.in'));
    expect(row?.code).toBe('SA02');
  });

  it('refuses a registration without a grant, with a forged one, or an expired one (401)', async () => {
    const grant = await verifiedGrant(t.app, ip);
    const payload = await payloadFor(grant);
    for (const token of [undefined, '', 'forged-token']) {
      const res = await register({ ...payload, registration_token: token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        message: 'Please verify BDR with OTP first',
        code: 'domain.verifyBdrFirst',
      });
    }
    await t.database.db.update(registrationGrants).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await register(payload)).statusCode).toBe(401);
    expect(await t.database.db.select().from(institutes)).toEqual([]);
  });

  it('refuses a grant of another BDR', async () => {
    const grant = await verifiedGrant(t.app, ip);
    await addBdr(t.database.db, {
      bdr_id: 'schooliko_0000000002',
      name: 'Ravi',
      email: 'ravi@x.in',
      contact: '9876500002',
    });
    const res = await register({ ...(await payloadFor(grant)), bdr_id: 'schooliko_0000000002' });
    expect(res.statusCode).toBe(401);
  });

  it('uses a grant once, for registering and for uploading', async () => {
    const grant = await verifiedGrant(t.app, ip);
    const payload = await payloadFor(grant);
    expect((await register(payload)).statusCode).toBe(201);
    const reused = await register({ ...payload, domain_name: 'another-school.in' });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe('Please verify BDR with OTP first');
    await expect(
      uploadAs(grant, uploadFolder(1, 'another-school.in', new Date(), { kind: 'logo' })),
    ).rejects.toThrow('Please verify BDR with OTP first or sign in to upload images');
  });

  it('refuses a taken domain with 409 and keeps the grant for another try', async () => {
    await makeInstitute(t.database.db, { domain: 'sunrise-academy.in' });
    const grant = await verifiedGrant(t.app, ip);
    const payload = await payloadFor(grant);
    const res = await register(payload);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Domain already exists in our database. Please choose a different domain.',
    );
    expect((await register({ ...payload, domain_name: 'sunrise-academy.co.in' })).statusCode).toBe(201);
  });

  it.each([
    ['institute_name', '', 'Institute name is required'],
    ['institute_contact_person', '  ', 'Contact person is required'],
    ['domain_purchased_from', '', 'Domain provider is required'],
    ['domain_purchased_from', 'Some Registrar', 'Domain provider is required'],
    ['purchase_date', '', 'Purchase date is required'],
    ['purchase_date', '2999-01-01', 'Purchase date cannot be in the future'],
    ['logo_url', '', 'Please upload institute logo'],
    ['domain_name', 'school', DOMAIN_MESSAGES.domainInvalid.text],
    ['domain_name', '', 'Please enter a domain name'],
  ])('checks %s = %j: %s', async (field, value, message) => {
    const grant = await verifiedGrant(t.app, ip);
    const res = await register({ ...(await payloadFor(grant)), [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[field]).toBe(message);
  });

  it('names the roles whose images are missing', async () => {
    const grant = await verifiedGrant(t.app, ip);
    const payload = await payloadFor(grant);
    const res = await register({
      ...payload,
      role_images: payload.role_images.filter((r) => r.role !== 'director' && r.role !== 'parent'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please upload images for: director, parent');
  });

  it('accepts only images this server stored', async () => {
    const grant = await verifiedGrant(t.app, ip);
    const payload = await payloadFor(grant);
    for (const logo of [
      'https://tracker.example.com/pixel.png',
      '/uploads/../../etc/passwd',
      '/images/x.png',
    ]) {
      const res = await register({ ...payload, logo_url: logo });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Images must be uploaded through this form');
    }
  });
});

describe('look-alike and reserved names (the subdomain rule)', () => {
  const LOOKALIKE =
    'This web address mixes letters of different alphabets or is not a valid international name. Please choose another.';
  const IMPERSONATES =
    'This web address is too close to the name or address of another institute. Please choose another.';

  it.each([
    ['xn--grnvalley-h0ha.com', 400, LOOKALIKE, 'website.subdomainLookalike'],
    ['xn--grnvalley-9hhb.in', 400, LOOKALIKE, 'website.subdomainLookalike'],
    [`${domainToASCII('оаѕіѕ')}.in`, 409, IMPERSONATES, 'website.subdomainImpersonates'],
  ])('check-domain refuses %s (%i)', async (domain, status, message, code) => {
    await makeInstitute(t.database.db, {
      name: 'Green Valley Public School',
      domain: 'greenvalley.localhost',
    });
    await makeInstitute(t.database.db, { name: 'Oasis School', domain: 'oasis.localhost' });
    const res = await check(domain);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, message, code, errors: { domain_name: message } });
  });

  it('check-domain accepts an international name in one alphabet that resembles nothing on record', async () => {
    const res = await check(`${domainToASCII('विद्यालय')}.in`);
    expect(res.json()).toEqual({ success: true, exists: false, message: 'Domain is available' });
  });

  it('domain-register refuses a look-alike of an institute and keeps the grant', async () => {
    await makeInstitute(t.database.db, {
      name: 'Green Valley Public School',
      domain: 'greenvalley.localhost',
    });
    const grant = await verifiedGrant(t.app, ip);
    const payload = await payloadFor(grant);
    const res = await register({ ...payload, domain_name: 'xn--grnvalley-h0ha.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: LOOKALIKE,
      code: 'website.subdomainLookalike',
      errors: { domain_name: LOOKALIKE },
    });
    expect(await t.database.db.select().from(domains)).toEqual([]);
    expect((await register(payload)).statusCode).toBe(201);
  });

  it('never gives a registered domain a reserved platform subdomain', async () => {
    const grant = await verifiedGrant(t.app, ip);
    const res = await register(await payloadFor(grant, 'admin.in'));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.subdomain).toBe('admin-2.schooliko.localhost');
  });
});
