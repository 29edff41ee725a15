import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { inInstitute } from '../../kit/scope';
import { makeSchool } from '../../testing/people';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { jobs } from '../jobs/jobs.table';
import { sendMessage } from './messaging.service';
import { messages } from './messaging.table';
import { assertReportToken, outcomeOf, PULL_JOB, reportTime } from './sms.delivery';
import { type SmsTestGateway, startSmsTestGateway } from './sms.test-gateway';

const TOKEN = 'dlr-token-for-the-test-suite-0123456789';
let t: TestApp;
let gateway: SmsTestGateway;
let callback: string;
beforeAll(async () => {
  gateway = await startSmsTestGateway('test-sms-key');
  t = await createTestApp({
    SMS_API_KEY: 'test-sms-key',
    SMS_GATEWAY_URL: gateway.url,
    SMS_DLR_TOKEN: TOKEN,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  callback = `http://127.0.0.1:${port}/api/messaging/sms/delivery-reports?token=${TOKEN}`;
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
  gateway.reportTo(callback);
});

const ABSENCE = 'Dear Parent, {#var#} was absent on {#var#}. Please inform the class teacher. - SCHLKO';

async function school(name = 'Test') {
  const s = await makeSchool(t.app, name);
  const h = s.admin.headers;
  let res = await t.app.inject({
    method: 'PUT',
    url: '/api/messaging/settings',
    headers: h,
    payload: { dlt_entity_id: '1201159876543210987', sender_header: 'SCHLKO', quiet_hours: false },
  });
  expect(res.statusCode, res.body).toBe(200);
  res = await t.app.inject({
    method: 'POST',
    url: '/api/messaging/templates',
    headers: h,
    payload: { key: 'absence-alert', name: 'Absence', dlt_template_id: '1207161234567890123', text: ABSENCE },
  });
  expect(res.statusCode, res.body).toBe(201);
  return s;
}
type School = Awaited<ReturnType<typeof school>>;

/** The same-day absence alerts of a school: one SMS per number, in one transaction. */
const alerts = (s: School, numbers: string[]) =>
  inInstitute(t.app.database.db, s.institute.id, async (tx) => {
    for (const [i, to] of numbers.entries())
      await sendMessage(tx, {
        instituteId: s.institute.id,
        eventKey: `absence:student-${i}:2026-11-20`,
        channel: 'sms',
        to,
        template: 'absence-alert',
        params: [`Pupil ${i}`, '20-11-2026'],
      });
  });

async function rows(s: School) {
  const found = await t.app.database.db
    .select()
    .from(messages)
    .where(eq(messages.instituteId, s.institute.id))
    .orderBy(messages.recipient);
  return found.map((m) => ({
    to: m.recipient,
    status: m.status,
    note: m.statusNote,
    ref: m.providerRef,
    delivered: m.deliveredAt !== null,
  }));
}

/** What the gateway took, in the order of the numbers (a batch's order is the claim's). */
const taken = () => [...gateway.received].sort((x, y) => x.number.localeCompare(y.number));
const numbers = (n: number) => Array.from({ length: n }, (_, i) => `98220${String(10000 + i)}`);

describe('SMS batches', () => {
  it("sends a school's due SMS in one bulk call, each with its own MessageId, and each job ends done", async () => {
    const s = await school();
    await alerts(s, numbers(5));
    await t.app.jobs.drain();
    expect(gateway.calls).toEqual([{ api: 'bulk', messages: 5 }]);
    expect(taken().map((r) => [r.number, r.text])).toEqual(
      numbers(5).map((n, i) => [
        `91${n}`,
        `Dear Parent, Pupil ${i} was absent on 20-11-2026. Please inform the class teacher. - SCHLKO`,
      ]),
    );
    const sent = await rows(s);
    expect(sent.map((m) => m.status)).toEqual(Array(5).fill('sent'));
    expect(sent.map((m) => m.ref)).toEqual(taken().map((r) => r.messageId));
    const done = await t.app.database.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.instituteId, s.institute.id), eq(jobs.kind, 'messaging.send')));
    expect(done.map((j) => j.status)).toEqual(Array(5).fill('done'));
    // Sending again for the same events sends nothing (the unique index).
    await alerts(s, numbers(5));
    await t.app.jobs.drain();
    expect(gateway.received).toHaveLength(5);
  });

  it('never mixes institutes in one call', async () => {
    const a = await school('A');
    const b = await school('B');
    await alerts(a, numbers(3));
    await alerts(b, numbers(2));
    await t.app.jobs.drain();
    expect(gateway.calls.map((c) => c.messages).sort()).toEqual([2, 3]);
    expect((await rows(a)).map((m) => m.status)).toEqual(['sent', 'sent', 'sent']);
    expect((await rows(b)).map((m) => m.status)).toEqual(['sent', 'sent']);
  });

  it('a number the gateway refuses fails alone: the others of its batch are sent', async () => {
    const s = await school();
    await alerts(s, ['9822010000', '12345', '9822010002']);
    await t.app.jobs.drain();
    // The bulk request is refused whole for the bad number, so each goes alone.
    expect(gateway.calls).toEqual([
      { api: 'single', messages: 1 },
      { api: 'single', messages: 1 },
    ]);
    expect((await rows(s)).map((m) => [m.to, m.status, m.note])).toEqual([
      ['12345', 'failed', 'SMS gateway refused (013): Invalid number'],
      ['9822010000', 'sent', null],
      ['9822010002', 'sent', null],
    ]);
  });
});

describe('delivery reports', () => {
  const report = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/messaging/sms/delivery-reports?${query}` });

  it('takes the pushed reports: delivered with its time, undelivered with the reason, a repeat changes nothing', async () => {
    const s = await school();
    await alerts(s, numbers(2));
    await t.app.jobs.drain();
    const [first, second] = taken().map((r) => r.messageId);
    expect(await gateway.push(first ?? '', 'DELIVRD')).toEqual({
      status: 200,
      body: JSON.stringify({ success: true, data: { outcome: 'delivered' } }),
    });
    expect((await gateway.push(second ?? '', 'UNDELIV', '005')).body).toContain('"undelivered"');
    expect((await gateway.push(second ?? '', 'DELIVRD')).body).toContain('"repeated"');
    expect((await gateway.push(first ?? '', 'UNDELIV', '005')).body).toContain('"repeated"');
    expect((await rows(s)).map((m) => [m.status, m.note, m.delivered])).toEqual([
      ['delivered', null, true],
      ['undelivered', 'UNDELIV (error 005)', false],
    ]);
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/messaging/messages?status=undelivered',
      headers: s.admin.headers,
    });
    expect(log.json().data.items.map((m: { status_note: string }) => m.status_note)).toEqual([
      'UNDELIV (error 005)',
    ]);
    const delivered = await t.app.inject({
      method: 'GET',
      url: '/api/messaging/messages?status=delivered',
      headers: s.admin.headers,
    });
    expect(delivered.json().data.items[0].delivered_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('is pushed by the gateway after it accepts a message, even when the push overtakes the send', async () => {
    const s = await school();
    gateway.reportTo(callback, 'DELIVRD');
    await alerts(s, numbers(3));
    await t.app.jobs.drain();
    await gateway.settled();
    expect((await rows(s)).map((m) => m.status)).toEqual(['delivered', 'delivered', 'delivered']);
  });

  it('refuses a report without the token, with a wrong one, or for a message nobody sent', async () => {
    const s = await school();
    await alerts(s, numbers(1));
    await t.app.jobs.drain();
    const id = gateway.received[0]?.messageId ?? '';
    for (const query of [
      `messageid=${id}&status=DELIVRD`,
      `token=${TOKEN}x&messageid=${id}&status=DELIVRD`,
    ]) {
      const res = await report(query);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('messaging.dlrTokenInvalid');
    }
    const unknown = await report(`token=${TOKEN}&messageid=not-ours&status=DELIVRD`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('messaging.dlrMessageUnknown');
    const pending = await report(`token=${TOKEN}&messageid=${id}&status=ENROUTE`);
    expect(pending.json().data).toEqual({ outcome: 'pending' });
    expect((await rows(s)).map((m) => m.status)).toEqual(['sent']);
    expect(() => assertReportToken({} as Config, TOKEN)).toThrow(
      expect.objectContaining({
        statusCode: 401,
        coded: expect.objectContaining({ code: 'messaging.dlrNotConfigured' }),
      }),
    );
  });

  it('pulls what no push told, by the gateway job, and keeps pulling while some are in transit', async () => {
    const s = await school();
    await alerts(s, numbers(3));
    const before = Date.now();
    await t.app.jobs.drain();
    const pulls = () =>
      t.app.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.instituteId, s.institute.id), eq(jobs.kind, PULL_JOB)));
    const [queued, ...more] = await pulls();
    expect(more).toEqual([]);
    expect(queued?.status).toBe('queued');
    expect((queued?.runAt.getTime() ?? 0) - before).toBeGreaterThanOrEqual(30 * 60_000 - 1000);

    const [a, b, c] = taken().map((r) => r.messageId);
    gateway.setDelivery(a ?? '', 'DELIVRD');
    gateway.setDelivery(b ?? '', 'EXPIRED');
    // Twenty minutes later: sent long enough ago to be asked about, and the pull is due.
    const db = t.app.database.db;
    await db
      .update(messages)
      .set({ sentAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(messages.instituteId, s.institute.id));
    await db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(eq(jobs.id, queued?.id ?? ''));
    await t.app.jobs.drain();
    expect((await rows(s)).map((m) => [m.status, m.note])).toEqual([
      ['delivered', null],
      ['undelivered', 'Expired'],
      ['sent', null],
    ]);
    const after = await pulls();
    expect(after.map((j) => j.status).sort()).toEqual(['done', 'queued']);
    expect(after.find((j) => j.status === 'done')?.result).toEqual({
      asked: 1,
      delivered: 1,
      undelivered: 1,
      waiting: 1,
    });
    // The push of the last one still counts; then nothing is waiting and no further pull is queued.
    expect((await gateway.push(c ?? '', 'DELIVRD')).status).toBe(200);
    const next = (await pulls()).find((j) => j.status === 'queued');
    await db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(eq(jobs.id, next?.id ?? ''));
    await t.app.jobs.drain();
    expect((await pulls()).map((j) => j.status)).toEqual(['done', 'done']);
  });
});

describe('reading reports', () => {
  it('maps both vocabularies, and reads India time', () => {
    expect(
      ['DELIVRD', 'Delivered', 'UNDELIV', 'EXPIRED', 'Rejected', 'Submitted to carrier', 'ACKED'].map(
        outcomeOf,
      ),
    ).toEqual(['delivered', 'delivered', 'undelivered', 'undelivered', 'undelivered', 'pending', 'pending']);
    expect(reportTime('2026-11-20 09:15:30').toISOString()).toBe('2026-11-20T03:45:30.000Z');
    const now = new Date('2026-11-20T00:00:00Z');
    expect(reportTime('20/11/2026', now)).toBe(now);
  });
});
