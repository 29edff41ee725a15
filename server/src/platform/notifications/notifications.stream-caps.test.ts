import type http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeInstitute, makeUser, tokenFor } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { openStream as openAStream } from './notifications.testing';

type Institute = Awaited<ReturnType<typeof makeInstitute>>;
type User = Awaited<ReturnType<typeof makeUser>>;

let t: TestApp;
let school: Institute;
let asha: User;
let ravi: User;
const open: http.IncomingMessage[] = [];

beforeAll(async () => {
  // The per-user cap is the default (10); the per-address one a little above it.
  t = await createTestApp({ SSE_MAX_PER_IP: '12' });
});
afterAll(() => t.close());
beforeEach(async () => {
  for (const stream of open.splice(0)) stream.destroy();
  await t.reset();
  school = await makeInstitute(t.database.db);
  asha = await makeUser(t.database.db, { institute: school, roles: ['admin'] });
  ravi = await makeUser(t.database.db, { institute: school, roles: ['admin'] });
});

type Stream = { response: http.IncomingMessage; received: () => string; ended: Promise<void> };

/** One stream over a real socket, read as it comes. */
async function openStream(user: User): Promise<Stream> {
  const token = await tokenFor(t.app, user, school, 'admin');
  const response = await openAStream(t.app, token, school.domain);
  expect(response.statusCode).toBe(200);
  open.push(response);
  let text = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    text += chunk;
  });
  const ended = new Promise<void>((resolve) => response.on('end', resolve));
  // Registered once the first bytes are written.
  await expect.poll(() => text).toContain('retry: 5000');
  return { response, received: () => text, ended };
}

/** Whether the server ends the stream within a few seconds. */
const endsSoon = (stream: Stream | undefined) =>
  Promise.race([stream?.ended.then(() => true), new Promise((r) => setTimeout(() => r(false), 5_000))]);

const stillOpen = (streams: Stream[]) => streams.filter((s) => !s.response.complete).length;

describe('caps on open notification streams', () => {
  it("ends a user's oldest stream when they open an eleventh", async () => {
    const streams: Stream[] = [];
    for (let i = 0; i < 11; i++) streams.push(await openStream(asha));
    expect(await endsSoon(streams[0])).toBe(true);
    expect(streams[0]?.received()).toBe('retry: 5000\n\nevent: replaced\ndata: {}\n\n');
    expect(stillOpen(streams)).toBe(10);
    expect(t.app.notificationHub.subscriberCount(asha.id)).toBe(10);
  });

  it('ends the oldest stream from an address past its cap, whoever opened it', async () => {
    const streams: Stream[] = [];
    for (let i = 0; i < 10; i++) streams.push(await openStream(asha));
    for (let i = 0; i < 3; i++) streams.push(await openStream(ravi));
    expect(await endsSoon(streams[0])).toBe(true);
    expect(streams[0]?.received()).toContain('event: replaced\n');
    expect(stillOpen(streams)).toBe(12);
    expect(t.app.notificationHub.subscriberCount(asha.id)).toBe(9);
    expect(t.app.notificationHub.subscriberCount(ravi.id)).toBe(3);
  });
});
