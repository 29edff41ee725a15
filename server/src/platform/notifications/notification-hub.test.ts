import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationHub } from './notification-hub';
import type { Notification } from './notifications.table';

// The machine's Redis (part of CI). Each test uses its own channel, so parallel runs do not mix.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function notification(recipientId: string, title = 'Hello'): Notification {
  return {
    id: randomUUID(),
    instituteId: randomUUID(),
    recipientId,
    type: 'info',
    title,
    message: 'From another instance',
    status: 'unread',
    actions: [],
    eventType: null,
    eventId: null,
    data: {},
    actedAt: null,
    actedBy: null,
    actedAction: null,
    createdAt: new Date('2025-01-01T08:00:00.000Z'),
    updatedAt: new Date('2025-01-01T08:00:00.000Z'),
  };
}

let hubs: NotificationHub[] = [];
afterEach(async () => {
  await Promise.all(hubs.map((h) => h.close()));
  hubs = [];
});

function collect(hub: NotificationHub, recipientId: string) {
  const got: Notification[] = [];
  hub.subscribe(recipientId, (n) => got.push(n));
  return got;
}

describe('NotificationHub', () => {
  it('delivers in-process without Redis', async () => {
    const hub = new NotificationHub();
    hubs.push(hub);
    const got = collect(hub, 'user-1');
    const other = collect(hub, 'user-2');
    hub.publish(notification('user-1'));
    expect(got.map((n) => n.title)).toEqual(['Hello']);
    expect(other).toEqual([]);
  });

  it("relays through Redis to every instance's subscribers, once each", async () => {
    const channel = `schooliko:test:${randomUUID()}`;
    const errors: Error[] = [];
    const a = new NotificationHub({ redisUrl: REDIS_URL, channel, onError: (e) => errors.push(e) });
    const b = new NotificationHub({ redisUrl: REDIS_URL, channel, onError: (e) => errors.push(e) });
    hubs.push(a, b);
    await Promise.all([a.ready(), b.ready()]);

    const onA = collect(a, 'user-1');
    const onB = collect(b, 'user-1');
    const elsewhereOnB = collect(b, 'user-2');
    const sent = notification('user-1', 'From A');
    a.publish(sent);
    b.publish(notification('user-1', 'From B'));

    await expect.poll(() => onB.map((n) => n.title).sort()).toEqual(['From A', 'From B']);
    await expect.poll(() => onA.map((n) => n.title).sort()).toEqual(['From A', 'From B']);
    const relayed = onB.find((n) => n.title === 'From A');
    expect(relayed).toEqual(sent);
    expect(relayed?.createdAt).toBeInstanceOf(Date);

    // Give any duplicate a moment to arrive: each hub must have delivered each message once.
    await new Promise((r) => setTimeout(r, 100));
    expect(onA).toHaveLength(2);
    expect(onB).toHaveLength(2);
    expect(elsewhereOnB).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("relays a student's dues change to the institute's streams on every instance, once each", async () => {
    const channel = `schooliko:test:${randomUUID()}`;
    const a = new NotificationHub({ redisUrl: REDIS_URL, channel });
    const b = new NotificationHub({ redisUrl: REDIS_URL, channel });
    hubs.push(a, b);
    await Promise.all([a.ready(), b.ready()]);
    const school = randomUUID();
    const onB: string[] = [];
    const otherSchoolOnB: string[] = [];
    b.subscribeFees(school, (c) => onB.push(c.studentId));
    b.subscribeFees(randomUUID(), (c) => otherSchoolOnB.push(c.studentId));
    a.publishFees({ instituteId: school, studentId: 'student-1', userIds: ['parent-1'] });
    await expect.poll(() => onB).toEqual(['student-1']);
    await new Promise((r) => setTimeout(r, 100));
    expect(onB).toEqual(['student-1']);
    expect(otherSchoolOnB).toEqual([]);
  });

  it('does not deliver from another channel', async () => {
    const a = new NotificationHub({ redisUrl: REDIS_URL, channel: `schooliko:test:${randomUUID()}` });
    const b = new NotificationHub({ redisUrl: REDIS_URL, channel: `schooliko:test:${randomUUID()}` });
    hubs.push(a, b);
    await Promise.all([a.ready(), b.ready()]);
    const onB = collect(b, 'user-1');
    const onA = collect(a, 'user-1');
    a.publish(notification('user-1'));
    await expect.poll(() => onA).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(onB).toEqual([]);
  });
});
