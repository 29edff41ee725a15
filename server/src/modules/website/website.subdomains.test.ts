import { domainToASCII } from 'node:url';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { institutes } from '../../platform/institutes/institutes.table';
import { makeInstitute } from '../../testing/factories';
import { useTestApp } from '../../testing/test-app';
import { caller, sampleContent, twoInstitutes } from './website.test-helpers';

// Who may hold which `<label>.<PLATFORM_DOMAIN>`: reserved names, another institute's name, code
// or label, look-alike international labels, and how many institutes one person opens a day.

const t = useTestApp();

const RESERVED = 'This web address is reserved for Schooliko. Please choose another.';
const LOOKALIKE =
  'This web address mixes letters of different alphabets or is not a valid international name. Please choose another.';
const IMPERSONATES =
  'This web address is too close to the name or address of another institute. Please choose another.';
const TEXTS = {
  subdomainReserved: RESERVED,
  subdomainLookalike: LOOKALIKE,
  subdomainImpersonates: IMPERSONATES,
};

const createAs = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/website/institutes', headers, payload });

/** Green Valley (as the demo seed has it) and Oasis, beside the caller's own institute. */
async function withGreenValley() {
  const { a } = await twoInstitutes(t.database.db);
  await makeInstitute(t.database.db, {
    name: 'Green Valley Public School',
    code: 'GVPS01',
    domain: 'greenvalley.localhost',
  });
  await makeInstitute(t.database.db, { name: 'Oasis School', domain: 'oasis.localhost' });
  const admin = await caller(t.app, a, 'admin');
  const create = (subdomain: string, name = 'Lotus Public School') =>
    createAs(admin.headers, { ...sampleContent({ institute_name: name }), subdomain });
  return { a, admin, create };
}

const count = async () => (await t.database.db.select().from(institutes)).length;

/** Refused with the rule's text and code, on the form's field too, and nothing opened. */
async function expectRefused(res: Awaited<ReturnType<typeof createAs>>, status: number, message: string) {
  const code = `website.${Object.entries(TEXTS).find(([, text]) => text === message)?.[0]}`;
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({
    success: false,
    message,
    code,
    errors: { subdomain: message },
    codes: { subdomain: { code } },
  });
  expect(await count()).toBe(4);
}

describe('POST /api/website/institutes: the subdomain rule', () => {
  it.each(['www', 'api', 'admin', 'app', 'localhost', 'schooliko', 'mail', 'login', 'staging'])(
    'refuses the reserved name %j (400, shown on the field)',
    async (label) => {
      const { create } = await withGreenValley();
      await expectRefused(await create(label), 400, RESERVED);
    },
  );

  it.each([
    ['greenvalley', "another institute's label"],
    ['green-valley', "another institute's label, hyphens aside"],
    ['green-valley-public-school', "another institute's name"],
    ['gvps01', "another institute's code"],
    ['greenva11ey', 'a look-alike of its label in plain letters (1 for l)'],
  ])('refuses %j, %s (409)', async (label) => {
    const { create } = await withGreenValley();
    await expectRefused(await create(label), 409, IMPERSONATES);
  });

  it("lets an admin use their own institute's name for a branch", async () => {
    const { create } = await withGreenValley();
    const res = await create('sunrise-public-school', 'Sunrise Public School, Kharadi');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.domain).toBe('sunrise-public-school.schooliko.localhost');
  });

  it.each([
    ['xn--grnvalley-h0ha', 'Latin and Cyrillic mixed (grееnvalley)'],
    [domainToASCII('pаthshala'), 'Latin and Cyrillic mixed, like nothing on record'],
    [domainToASCII('σchool'), 'Greek and Latin mixed'],
    ['xn--grnvalley-9hhb', 'not valid punycode'],
  ])('refuses the international label %j: %s (400)', async (label) => {
    const { create } = await withGreenValley();
    await expectRefused(await create(label), 400, LOOKALIKE);
  });

  it('refuses a label in one other alphabet that reads as an existing one (UTS #39 skeleton)', async () => {
    const { create } = await withGreenValley();
    // о а ѕ і ѕ: every letter Cyrillic.
    await expectRefused(await create(domainToASCII('оаѕіѕ')), 409, IMPERSONATES);
  });

  it('accepts an international label in one alphabet that resembles nothing on record', async () => {
    const { create } = await withGreenValley();
    for (const label of ['विद्यालय', 'школа']) {
      const res = await create(domainToASCII(label), `Lotus ${label}`);
      expect(res.statusCode).toBe(201);
      expect(res.json().data.domain).toBe(`${domainToASCII(label)}.schooliko.localhost`);
    }
  });

  it('gives a label made from the name the next free number when it is reserved', async () => {
    const { admin } = await withGreenValley();
    const res = await createAs(admin.headers, sampleContent({ institute_name: 'Admin' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.domain).toBe('admin-2.schooliko.localhost');
  });
});

describe('POST /api/website/institutes: institutes per person per day', () => {
  const TOO_MANY = 'You can create up to 5 institutes in 24 hours. Please try again tomorrow.';

  it('refuses the sixth in 24 hours with 429, counted from the database', async () => {
    const { a } = await twoInstitutes(t.database.db);
    const admin = await caller(t.app, a, 'admin');
    const create = (n: number) =>
      createAs(admin.headers, sampleContent({ institute_name: `Lotus Branch ${n}` }));
    for (let n = 1; n <= 5; n++) expect((await create(n)).statusCode).toBe(201);
    const refused = await create(6);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      message: TOO_MANY,
      code: 'website.tooManyInstitutes',
      params: { max: 5 },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(86_000);
    expect(await count()).toBe(7);

    // Another admin of the same institute has a quota of their own.
    const other = await caller(t.app, a, 'admin');
    const theirs = await createAs(other.headers, sampleContent({ institute_name: 'Lotus Branch Other' }));
    expect(theirs.statusCode).toBe(201);

    // One made more than 24 hours ago no longer counts.
    const [first] = await t.database.db
      .select()
      .from(institutes)
      .where(eq(institutes.name, 'Lotus Branch 1'));
    await t.database.db
      .update(institutes)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(institutes.id, first?.id ?? ''));
    expect((await create(7)).statusCode).toBe(201);
    expect((await create(8)).statusCode).toBe(429);
  });

  it('holds when the requests arrive at once', async () => {
    const { a } = await twoInstitutes(t.database.db);
    const admin = await caller(t.app, a, 'admin');
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7].map((n) =>
        createAs(admin.headers, sampleContent({ institute_name: `Lotus Branch ${n}` })),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 429, 429]);
    expect(await count()).toBe(7);
  });

  it('counts institutes the person made through any instance: the rows, not this server', async () => {
    const { a } = await twoInstitutes(t.database.db);
    const admin = await caller(t.app, a, 'admin');
    for (let n = 1; n <= 5; n++)
      await makeInstitute(t.database.db, { name: `Elsewhere ${n}`, createdBy: admin.user.id });
    const res = await createAs(admin.headers, sampleContent({ institute_name: 'Lotus Branch' }));
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('website.tooManyInstitutes');
  });
});
