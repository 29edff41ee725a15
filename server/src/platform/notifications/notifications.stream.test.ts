import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inInstitute } from '../../kit/scope';
import { addMembership, as, makeInstitute, makeUser, tokenFor } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { enqueueJob } from '../jobs/jobs.service';
import { createNotifications } from './notifications.service';
import { openStream as openAStream } from './notifications.testing';

type Institute = Awaited<ReturnType<typeof makeInstitute>>;
type User = Awaited<ReturnType<typeof makeUser>>;

let t: TestApp;
let schoolA: Institute;
let schoolB: Institute;
let admin1: User;
let admin2: User;
let token1: string;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  schoolA = await makeInstitute(t.database.db);
  schoolB = await makeInstitute(t.database.db);
  admin1 = await makeUser(t.database.db, { institute: schoolA, roles: ['admin'] });
  admin2 = await makeUser(t.database.db, { institute: schoolA, roles: ['admin'] });
  token1 = await tokenFor(t.app, admin1, schoolA, 'admin');
});

const get = (url: string, token?: string, institute: Institute = schoolA) =>
  t.app.inject({ method: 'GET', url, headers: as(institute, token) });

/** The stream as admin one at school A. */
const openStream = () => openAStream(t.app, token1, schoolA.domain);

describe('GET /api/notifications/stream', () => {
  it('answers 401 without a token or with a bad one', async () => {
    for (const url of [
      '/api/notifications/stream',
      '/api/notifications/stream?access_token=forged.token.here',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json().success).toBe(false);
    }
  });

  it('pushes a notification created after connecting, only mine at this institute', async () => {
    await addMembership(t.database.db, admin1, schoolB);
    const response = await openStream();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['x-accel-buffering']).toBe('no');
    // The reply is hijacked: the security headers are written by the route itself.
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');

    let received = '';
    const firstEvent = new Promise<string>((resolve) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        received += chunk;
        const start = received.indexOf('event: notification\n');
        const end = start >= 0 ? received.indexOf('\n\n', start) : -1;
        if (end >= 0) resolve(received.slice(start, end));
      });
    });

    const hub = t.app.notificationHub;
    const base = { type: 'info' as const, title: 'Hello', message: 'Live' };
    await createNotifications(t.database.db, hub, [
      { ...base, instituteId: schoolA.id, recipientId: admin2.id },
    ]);
    await createNotifications(t.database.db, hub, [
      { ...base, instituteId: schoolB.id, recipientId: admin1.id },
    ]);
    const [mine] = await createNotifications(t.database.db, hub, [
      { ...base, title: 'For admin one', instituteId: schoolA.id, recipientId: admin1.id },
    ]);

    const event = await firstEvent;
    expect(hub.subscriberCount(admin1.id)).toBe(1);
    response.destroy();
    const data = JSON.parse(
      event
        .split('\n')
        .find((l) => l.startsWith('data: '))
        ?.slice(6) ?? '{}',
    );
    expect(data).toEqual({
      _id: mine?.id,
      type: 'info',
      title: 'For admin one',
      message: 'Live',
      status: 'unread',
      actions: [],
      acted: false,
      acted_action: null,
      acted_by: null,
      acted_at: null,
      createdAt: mine?.createdAt.toISOString(),
      event_id: null,
    });
    expect(event).toContain(`id: ${mine?.id}\n`);

    // Closing the connection ends the subscription.
    await expect.poll(() => hub.subscriberCount(admin1.id)).toBe(0);
  });

  it("sends the progress of my own jobs as `event: job`, not another person's", async () => {
    const response = await openStream();
    let received = '';
    const finished = new Promise<void>((resolve) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        received += chunk;
        if (received.includes('"status":"done"')) resolve();
      });
    });
    await expect.poll(() => t.app.notificationHub.subscriberCount(admin1.id)).toBe(1);

    t.app.jobs.define('test.steps', async (job) => {
      await job.progress(1, 2);
      await job.progress(2, 2);
      return { steps: 2 };
    });
    const enqueue = (userId: string) =>
      inInstitute(t.database.db, schoolA.id, (tx) =>
        enqueueJob(tx, { kind: 'test.steps', instituteId: schoolA.id, userId, payload: {} }),
      );
    const others = await enqueue(admin2.id);
    const mine = await enqueue(admin1.id);
    await t.app.jobs.drain();
    await finished;
    response.destroy();

    const events = received
      .split('\n\n')
      .filter((e) => e.startsWith('event: job\n'))
      .map((e) => JSON.parse(e.slice(e.indexOf('data: ') + 6)) as Record<string, unknown>);
    expect(events.every((e) => e.id === mine)).toBe(true);
    expect(events.some((e) => e.id === others)).toBe(false);
    const progress = events.map((e) => `${e.status} ${JSON.stringify(e.progress)}`);
    expect(progress).toContain('running {"done":1,"total":2}');
    expect(progress.at(-1)).toBe('done {"done":2,"total":2}');
    expect(events.at(-1)).toMatchObject({ kind: 'test.steps', result: { steps: 2 } });
    expect(events.at(-1)).not.toHaveProperty('errors');
  });
});
