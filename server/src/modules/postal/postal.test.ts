import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inInstitute } from '../../kit/scope';
import { auditLog } from '../../platform/audit/audit.table';
import { notifications } from '../../platform/notifications/notifications.table';
import { image, multipart } from '../../platform/uploads/uploads.testing';
import { as, makeUser, tokenFor } from '../../testing/factories';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { postalRecords } from './postal.table';

const t = useTestApp();

type Headers = Record<string, string>;
const post = (headers: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/postal-records', headers, payload });
const list = async (headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: '/api/postal-records?limit=100', headers })).json().data;

const letter = {
  direction: 'inward',
  on: '2026-07-01',
  reference_no: 'CBSE/AFF/2026/118',
  party_name: 'CBSE Regional Office, Pune',
  party_address: 'Sector 27, Nigdi, Pune 411044',
  mode: 'speed_post',
  tracking_no: 'EP123456789IN',
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const scan = (
  headers: Headers,
  id: string,
  data: Buffer,
  filename = 'letter.pdf',
  type = 'application/pdf',
) => {
  const body = multipart({}, { filename, contentType: type, data });
  return t.app.inject({
    method: 'POST',
    url: `/api/postal-records/${id}/scan`,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
};
const open = (headers: Headers, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/postal-records/${id}/scan`, headers });

/** A teacher with the receptionist's job set: sees the register, not others' confidential post. */
async function clerkOf(s: Awaited<ReturnType<typeof makeSchool>>) {
  const clerk = await makeUser(t.database.db, { institute: s.institute, roles: ['teacher'] });
  await t.database.db.execute(
    sql`update memberships set job_sets = '{receptionist}' where user_id = ${clerk.id}`,
  );
  return as(s.institute, await tokenFor(t.app, clerk, s.institute, 'teacher'));
}

describe('postal register', () => {
  it('gives twenty posted at once twenty distinct serials with no gap, per direction', async () => {
    const s = await makeSchool(t.app);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(s.admin.headers, letter)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const serials = answers.map((a) => a.json().data.serial_no as number).sort((x, y) => x - y);
    expect(serials).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const dispatch = await post(s.admin.headers, {
      ...letter,
      direction: 'dispatch',
      party_name: 'Zilla Parishad',
    });
    expect(dispatch.json().data).toMatchObject({ serial_no: 1, year: '2026-27', direction: 'dispatch' });
  });

  it('shows a confidential entry only to its addressee and the admins', async () => {
    const s = await makeSchool(t.app);
    const made = await post(s.admin.headers, {
      ...letter,
      confidential: true,
      addressee_staff_id: s.teacherStaff.id,
    });
    expect(made.statusCode, made.body).toBe(201);
    await post(s.admin.headers, { ...letter, reference_no: 'OPEN-1' });
    const clerkHeaders = await clerkOf(s);
    expect((await list(clerkHeaders)).items.map((e: { reference_no: string }) => e.reference_no)).toEqual([
      'OPEN-1',
    ]);
    expect((await list(s.admin.headers)).pagination.total).toBe(2);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/postal-records/${made.json().data.id}`,
      headers: clerkHeaders,
    });
    expect(one.statusCode).toBe(404);
    // The clerk at the desk records a confidential letter and gets its entry back this once only.
    const recorded = await post(clerkHeaders, {
      ...letter,
      reference_no: 'SEALED-1',
      confidential: true,
      addressee_staff_id: s.teacherStaff.id,
    });
    expect([recorded.statusCode, recorded.json().data.reference_no]).toEqual([201, 'SEALED-1']);
    expect((await list(clerkHeaders)).items.map((e: { reference_no: string }) => e.reference_no)).toEqual([
      'OPEN-1',
    ]);
    expect((await list(s.admin.headers)).pagination.total).toBe(3);
  });

  it("gives a teacher their own post (confidential too) and its scan, tells them in the app, and nobody else's", async () => {
    const s = await makeSchool(t.app);
    const mine = (headers: Headers) =>
      t.app.inject({ method: 'GET', url: '/api/postal-records/mine?limit=100', headers });
    const openMine = (headers: Headers, id: string) =>
      t.app.inject({ method: 'GET', url: `/api/postal-records/mine/${id}/scan`, headers });
    const secret = (
      await post(s.admin.headers, { ...letter, confidential: true, addressee_staff_id: s.teacherStaff.id })
    ).json().data;
    const open1 = (
      await post(s.admin.headers, {
        ...letter,
        reference_no: 'OPEN-2',
        addressee_staff_id: s.teacherStaff.id,
      })
    ).json().data;
    await post(s.admin.headers, { ...letter, reference_no: 'NOT-HIS' });
    expect((await scan(s.admin.headers, secret.id, PDF)).statusCode).toBe(200);

    // The teacher holds no register (reception:read), only their own post.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/postal-records', headers: s.teacher.headers }))
        .statusCode,
    ).toBe(403);
    const got = (await mine(s.teacher.headers)).json().data;
    expect(
      got.items.map((e: { reference_no: string; confidential: boolean }) => [e.reference_no, e.confidential]),
    ).toEqual([
      ['OPEN-2', false],
      ['CBSE/AFF/2026/118', true],
    ]);
    const file = await openMine(s.teacher.headers, secret.id);
    expect([file.statusCode, file.rawPayload.equals(PDF)]).toEqual([200, true]);

    // Told in the app: the confidential letter without its sender, the other with it.
    const told = await t.database.db
      .select({ title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(sql`recipient_id = ${s.teacher.id} and event_type = 'postal-received'`)
      .orderBy(notifications.createdAt);
    expect(told).toEqual([
      {
        title: 'Post for you',
        message: `A confidential letter for you is at the front office (IN/${secret.year}/1).`,
      },
      {
        title: 'Post for you',
        message: `CBSE Regional Office, Pune sent you post by speed post: it is at the front office (IN/${open1.year}/2).`,
      },
    ]);

    // The admin's own post is what is addressed to them (nothing here), not the register.
    expect((await mine(s.admin.headers)).json().data.items).toEqual([]);
    expect((await openMine(s.admin.headers, secret.id)).json().code).toBe('postal.notFound');
    // Another teacher, another institute, a parent: not theirs.
    const other = await makeUser(t.database.db, { institute: s.institute, roles: ['teacher'] });
    const otherHeaders = as(s.institute, await tokenFor(t.app, other, s.institute, 'teacher'));
    expect((await mine(otherHeaders)).json().data.items).toEqual([]);
    expect((await openMine(otherHeaders, secret.id)).statusCode).toBe(404);
    const elsewhere = await makeSchool(t.app, 'Elsewhere');
    expect((await openMine(elsewhere.teacher.headers, secret.id)).statusCode).toBe(404);
    expect((await mine(s.parent.headers)).statusCode).toBe(403);
  });

  it('refuses a confidential entry without an addressee, and cancels instead of deleting', async () => {
    const s = await makeSchool(t.app);
    const bad = await post(s.admin.headers, { ...letter, confidential: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('addressee_staff_id');
    const made = (await post(s.admin.headers, letter)).json().data;
    const cancel = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/postal-records/${made.id}/cancel`,
        headers: s.admin.headers,
        payload: { reason: 'Entered twice' },
      });
    expect((await cancel()).json().data.state).toBe('cancelled');
    const again = await cancel();
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('postal.alreadyCancelled');
    await expect(
      inInstitute(t.database.db, s.institute.id, (tx) => tx.execute(sql`delete from postal_records`)),
    ).rejects.toThrow();
    expect(await t.database.db.select().from(postalRecords)).toHaveLength(1);
  });

  it('keeps a scanned copy privately and streams it only to who may see the entry', async () => {
    const s = await makeSchool(t.app);
    const open1 = (await post(s.admin.headers, letter)).json().data;
    expect(open1.scan).toBeNull();
    expect((await open(s.admin.headers, open1.id)).json().code).toBe('postal.scanNotFound');
    const saved = await scan(s.admin.headers, open1.id, PDF, 'CBSE affiliation letter.pdf');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Scanned copy saved',
      data: {
        scan: { name: 'CBSE affiliation letter.pdf', content_type: 'application/pdf', bytes: PDF.length },
      },
    });
    const [row] = await t.database.db.select().from(postalRecords).where(sql`id = ${open1.id}`);
    expect(row?.scanKey).toMatch(new RegExp(`^private/${s.institute.id}/postal/[0-9a-f]{32}\\.pdf$`));
    // Never on the public /uploads path.
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${row?.scanKey}` })).statusCode).toBe(404);
    const clerk = await clerkOf(s);
    const got = await open(clerk, open1.id);
    expect([got.statusCode, got.headers['content-type'], got.rawPayload.equals(PDF)]).toEqual([
      200,
      'application/pdf',
      true,
    ]);
    expect(got.headers['cache-control']).toContain('no-store');
    expect([
      got.headers['content-disposition'],
      got.headers['content-security-policy'],
      got.headers['x-content-type-options'],
    ]).toEqual([
      `attachment; filename="CBSE affiliation letter.pdf"; filename*=UTF-8''CBSE%20affiliation%20letter.pdf`,
      "default-src 'none'; sandbox",
      'nosniff',
    ]);

    // A confidential letter: its addressee (the teacher) and the admins open it; another clerk cannot.
    const secret = (
      await post(s.admin.headers, { ...letter, confidential: true, addressee_staff_id: s.teacherStaff.id })
    ).json().data;
    await t.database.db.execute(
      sql`update memberships set job_sets = '{receptionist}' where user_id = ${s.teacher.id}`,
    );
    const addressee = as(s.institute, await tokenFor(t.app, s.teacher, s.institute, 'teacher'));
    const png = await image('png', 64);
    const saved2 = await scan(addressee, secret.id, png, 'inquiry.png', 'image/png');
    expect(saved2.statusCode, saved2.body).toBe(200);
    expect(saved2.json().data.scan.content_type).toBe('image/png');
    const picture = await open(addressee, secret.id);
    expect([
      picture.statusCode,
      picture.headers['content-disposition'],
      picture.headers['content-security-policy'],
      picture.headers['x-content-type-options'],
    ]).toEqual([
      200,
      `inline; filename="inquiry.png"; filename*=UTF-8''inquiry.png`,
      "default-src 'none'; sandbox",
      'nosniff',
    ]);
    expect((await open(s.admin.headers, secret.id)).statusCode).toBe(200);
    const refused = await open(clerk, secret.id);
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'postal.notFound']);
    const overwrite = await scan(clerk, secret.id, PDF);
    expect([overwrite.statusCode, overwrite.json().code]).toEqual([404, 'postal.notFound']);
    expect((await open(s.parent.headers, open1.id)).statusCode).toBe(403);
    const elsewhere = await makeSchool(t.app, 'Elsewhere');
    expect((await open(elsewhere.admin.headers, open1.id)).json().code).toBe('postal.notFound');

    const audit = await t.database.db.select().from(auditLog).where(sql`entity_id = ${secret.id}`);
    expect(audit.map((a) => [a.entity, a.action, a.before, a.after])).toEqual([
      ['postal_record', 'scan', { scan: null }, { scan: 'inquiry.png' }],
    ]);
  });

  it('takes only a PDF, JPG or PNG under 10 MB, told by its bytes, and no scan on a cancelled entry', async () => {
    const s = await makeSchool(t.app);
    const entry = (await post(s.admin.headers, letter)).json().data;
    const html = await scan(
      s.admin.headers,
      entry.id,
      Buffer.from('<html><script>alert(1)</script>'),
      'a.pdf',
    );
    expect([html.statusCode, html.json().code]).toEqual([415, 'postal.scanInvalidType']);
    const gif = await scan(s.admin.headers, entry.id, await image('gif'), 'a.gif', 'image/gif');
    expect([gif.statusCode, gif.json().code]).toEqual([415, 'postal.scanInvalidType']);
    const empty = await scan(s.admin.headers, entry.id, Buffer.alloc(0));
    expect([empty.statusCode, empty.json().code]).toEqual([400, 'postal.scanInvalidType']);
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await scan(s.admin.headers, entry.id, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'postal.scanTooLarge', params: { limit: 10 } });
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: `/api/postal-records/${entry.id}/scan`,
      headers: s.admin.headers,
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);
    expect((await t.database.db.select().from(postalRecords))[0]?.scanKey).toBeNull();
    await t.app.inject({
      method: 'POST',
      url: `/api/postal-records/${entry.id}/cancel`,
      headers: s.admin.headers,
      payload: { reason: 'Entered twice' },
    });
    const late = await scan(s.admin.headers, entry.id, PDF);
    expect([late.statusCode, late.json().code]).toEqual([409, 'postal.alreadyCancelled']);
  });
});
