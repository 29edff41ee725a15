import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inInstitute } from '../../kit/scope';
import { guardians } from '../../modules/guardians/guardians.table';
import { makeSchool } from '../../testing/people';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditLog } from '../audit/audit.table';
import { jobs } from '../jobs/jobs.table';
import { afterQuietHours, type OutboundMessage, sendMessage, sendMessages } from './messaging.service';
import { type SmsTestGateway, startSmsTestGateway } from './sms.test-gateway';

let t: TestApp;
let gateway: SmsTestGateway;
beforeAll(async () => {
  gateway = await startSmsTestGateway('test-sms-key');
  t = await createTestApp({ SMS_API_KEY: 'test-sms-key', SMS_GATEWAY_URL: gateway.url });
});
afterAll(async () => {
  await t.close();
  await gateway.close();
});
beforeEach(async () => {
  await t.reset();
  gateway.received.length = 0;
  gateway.calls.length = 0;
  gateway.refuseNext(0);
});

type Headers = Record<string, string>;
const send = (method: 'GET' | 'POST' | 'PUT', headers: Headers, url: string, payload?: object) =>
  t.app.inject({ method, url, headers, payload });

const ABSENCE = 'Dear Parent, {#var#} was absent on {#var#}. Please inform the class teacher. - SCHLKO';

/** A school with DLT settings (quiet hours off unless asked) and the absence template registered. */
async function school(settings: object = { quiet_hours: false }) {
  const s = await makeSchool(t.app);
  const h = s.admin.headers;
  let res = await send('PUT', h, '/api/messaging/settings', {
    dlt_entity_id: '1201159876543210987',
    sender_header: 'SCHLKO',
    ...settings,
  });
  expect(res.statusCode, res.body).toBe(200);
  res = await send('POST', h, '/api/messaging/templates', {
    key: 'absence-alert',
    name: 'Absence alert',
    dlt_template_id: '1207161234567890123',
    text: ABSENCE,
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.app.database.db
    .update(guardians)
    .set({ email: 'sunita.deshpande@example.in' })
    .where(eq(guardians.id, s.guardian.id));
  return s;
}

const message = (
  s: Awaited<ReturnType<typeof school>>,
  extra: Partial<OutboundMessage> = {},
): OutboundMessage =>
  ({
    instituteId: s.institute.id,
    eventKey: `absence:${s.students.child.id}:2026-11-20`,
    channel: 'sms',
    to: '98220 12345',
    guardianId: s.guardian.id,
    recipientName: 'Sunita Deshpande',
    template: 'absence-alert',
    params: ['Ananya Deshpande', '20-11-2026'],
    ...extra,
  }) as OutboundMessage;

const sendIn = (s: { institute: { id: string } }, m: OutboundMessage, now?: Date) =>
  inInstitute(t.app.database.db, s.institute.id, (tx) => sendMessage(tx, m, now));

async function log(h: Headers, query = '') {
  const res = await send('GET', h, `/api/messaging/messages${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    items: {
      channel: string;
      recipient: string;
      status: string;
      status_note: string | null;
      body: string;
      run_at: string;
    }[];
    pagination: { total: number };
  };
}

describe('messaging channel', () => {
  it('sends an SMS through the gateway with the DLT entity id, template id and sender header, once per event', async () => {
    const s = await school();
    expect(await sendIn(s, message(s))).toMatchObject({ status: 'queued' });
    expect(await sendIn(s, message(s))).toEqual({ id: null, status: 'repeated' });
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    expect(gateway.received).toEqual([
      {
        number: '919822012345',
        text: 'Dear Parent, Ananya Deshpande was absent on 20-11-2026. Please inform the class teacher. - SCHLKO',
        senderid: 'SCHLKO',
        entityId: '1201159876543210987',
        templateId: '1207161234567890123',
        dcs: '0',
        route: '1',
        messageId: expect.any(String),
      },
    ]);
    expect(gateway.calls).toEqual([{ api: 'bulk', messages: 1 }]);
    const { items } = await log(s.admin.headers);
    expect(items.map((m) => [m.channel, m.recipient, m.status])).toEqual([['sms', '9822012345', 'sent']]);
  });

  it('sends an email and an SMS for the same event to the same guardian, each once', async () => {
    const s = await school();
    const email = message(s, {
      channel: 'email',
      to: 'Sunita.Deshpande@example.in',
      subject: 'Absence',
      text: 'Ananya was absent',
    } as Partial<OutboundMessage>);
    await sendIn(s, email);
    await sendIn(s, email);
    await sendIn(s, message(s));
    await t.app.jobs.drain();
    const outbox = await t.app.inject({
      method: 'GET',
      url: '/api/dev/outbox?to=sunita.deshpande@example.in',
    });
    expect(outbox.json().data.items.map((m: { subject: string }) => m.subject)).toEqual(['Absence']);
    expect(gateway.received).toHaveLength(1);
    expect((await log(s.admin.headers, '?channel=email')).pagination.total).toBe(1);
  });

  it('sends many at once with the outcome of each, in order: a repeat within the list or of an earlier send queues nothing', async () => {
    const s = await school();
    const email = (eventKey: string, to: string) =>
      message(s, {
        channel: 'email',
        eventKey,
        to,
        subject: 'Absence',
        text: 'Absent',
      } as Partial<OutboundMessage>);
    await sendIn(s, email('absence:earlier', 'a@example.in'));
    const outcomes = await inInstitute(t.app.database.db, s.institute.id, (tx) =>
      sendMessages(tx, [
        email('absence:new', 'b@example.in'),
        email('absence:earlier', 'A@example.in'),
        message(s),
        email('absence:new', 'b@example.in'),
      ]),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['queued', 'repeated', 'queued', 'repeated']);
    const queued = await t.app.database.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.instituteId, s.institute.id));
    // One job per message recorded: the earlier one, and the two queued now.
    const carried = queued.map((j) => j.payload.message_id);
    for (const o of outcomes) if (o.id) expect(carried).toContain(o.id);
    expect(queued).toHaveLength(3);
  });

  it('refuses a template that is not registered or was deactivated, with its code', async () => {
    const s = await school();
    await expect(
      sendIn(s, message(s, { template: 'fee-reminder' } as Partial<OutboundMessage>)),
    ).rejects.toMatchObject({
      statusCode: 422,
      coded: { code: 'messaging.templateNotRegistered' },
    });
    const list = await send('GET', s.admin.headers, '/api/messaging/templates');
    const id = list.json().data.items[0].id;
    const off = await send('POST', s.admin.headers, `/api/messaging/templates/${id}/deactivate`);
    expect(off.json().data.active).toBe(false);
    await expect(sendIn(s, message(s))).rejects.toMatchObject({
      coded: { code: 'messaging.templateNotRegistered' },
    });
    await expect(
      sendIn(s, message(s, { params: ['Ananya'] } as Partial<OutboundMessage>)),
    ).rejects.toMatchObject({
      statusCode: 422,
    });
    expect((await log(s.admin.headers)).pagination.total).toBe(0);
  });

  it('skips a guardian who opted out (audited), and sends again once they opt back in', async () => {
    const s = await school();
    const res = await send('PUT', s.admin.headers, `/api/messaging/opt-outs/${s.guardian.id}`, {
      opted_out: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sendIn(s, message(s))).toMatchObject({ status: 'skipped' });
    await t.app.jobs.drain();
    expect(gateway.received).toHaveLength(0);
    expect((await log(s.admin.headers)).items.map((m) => [m.status, m.status_note])).toEqual([
      ['skipped', 'opted out'],
    ]);
    const audit = await t.app.database.db.select().from(auditLog).where(eq(auditLog.entityId, s.guardian.id));
    expect(audit.map((a) => a.action)).toEqual(['messaging-opt-out']);

    await send('PUT', s.admin.headers, `/api/messaging/opt-outs/${s.guardian.id}`, { opted_out: false });
    await sendIn(s, message(s, { eventKey: 'absence:next-day' }));
    await t.app.jobs.drain();
    expect(gateway.received).toHaveLength(1);
  });

  it('holds an SMS sent in quiet hours until they end (India time)', async () => {
    const s = await school({ quiet_hours: true, quiet_from: '00:00', quiet_until: '23:59' });
    const now = new Date();
    await sendIn(s, message(s), now);
    await t.app.jobs.drain();
    expect(gateway.received).toHaveLength(0);
    const [item] = (await log(s.admin.headers)).items;
    expect(item?.status).toBe('queued');
    const runAt = new Date(item?.run_at ?? '');
    expect(runAt.getTime()).toBe(
      afterQuietHours(now, { quietHours: true, quietFrom: '00:00', quietUntil: '23:59' }).getTime(),
    );
    expect(runAt.getTime()).toBeGreaterThan(now.getTime());
    const [job] = await t.app.database.db.select().from(jobs).where(eq(jobs.instituteId, s.institute.id));
    expect(job?.runAt.getTime()).toBe(runAt.getTime());
  });

  it('marks a message the gateway refuses as failed, with its reason', async () => {
    const s = await school();
    gateway.refuseNext(1, '024', 'Template mismatch');
    await sendIn(s, message(s));
    await t.app.jobs.drain();
    expect((await log(s.admin.headers)).items.map((m) => [m.status, m.status_note])).toEqual([
      ['failed', 'SMS gateway refused (024): Template mismatch'],
    ]);
  });

  it('keeps settings and templates per institute, and checks their DLT formats', async () => {
    const s = await school();
    const other = await makeSchool(t.app, 'Other');
    const bad = await send('PUT', s.admin.headers, '/api/messaging/settings', {
      dlt_entity_id: '12',
      sender_header: 'school',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().codes).toMatchObject({
      dlt_entity_id: { code: 'messaging.entityIdInvalid' },
      sender_header: { code: 'messaging.headerInvalid' },
    });
    const again = await send('POST', s.admin.headers, '/api/messaging/templates', {
      key: 'absence-alert',
      name: 'Absence alert 2',
      dlt_template_id: '1207161234567890124',
      text: ABSENCE,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('messaging.templateKeyTaken');
    const theirs = await send('GET', other.admin.headers, '/api/messaging/settings');
    expect(theirs.json().data).toMatchObject({ configured: false, sender_header: '', provider: 'gateway' });
    expect((await send('GET', other.admin.headers, '/api/messaging/templates')).json().data.items).toEqual(
      [],
    );
    const foreign = await send('PUT', other.admin.headers, `/api/messaging/opt-outs/${s.guardian.id}`, {
      opted_out: true,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('quiet hours', () => {
  const settings = { quietHours: true, quietFrom: '21:00', quietUntil: '08:00' };
  it('delays what falls between 21:00 and 08:00 IST to 08:00, and lets the day through', () => {
    // 22:30 IST = 17:00 UTC → 08:00 IST next day = 02:30 UTC.
    expect(afterQuietHours(new Date('2026-11-20T17:00:00Z'), settings).toISOString()).toBe(
      '2026-11-21T02:30:00.000Z',
    );
    // 06:00 IST = 00:30 UTC → 02:30 UTC the same day.
    expect(afterQuietHours(new Date('2026-11-21T00:30:00Z'), settings).toISOString()).toBe(
      '2026-11-21T02:30:00.000Z',
    );
    const noon = new Date('2026-11-21T06:30:00Z');
    expect(afterQuietHours(noon, settings)).toBe(noon);
    expect(
      afterQuietHours(new Date('2026-11-20T17:00:00Z'), { ...settings, quietHours: false }).toISOString(),
    ).toBe('2026-11-20T17:00:00.000Z');
  });
});
