import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COMMON_MESSAGES } from '@schooliko/common/messages';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { students } from '../modules/students/students.table';
import { makeSchool } from '../testing/people';
import { useTestApp } from '../testing/test-app';
import { isReport, ReportSlots } from './report-slots';

// One report per person and two per institute at once, one running at a time.
const t = useTestApp({ REPORTS_PER_USER: '1', REPORTS_PER_INSTITUTE: '2', REPORTS_AT_ONCE: '1' });

const EXPORT = '/api/students/export?format=xlsx';

function get(url: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url, headers });
}

/** A 429 of the report slots: its code, its wait in the text and in Retry-After alike. */
function expectRefused(answer: LightMyRequestResponse) {
  expect(answer.statusCode).toBe(429);
  const seconds = Number(answer.headers['retry-after']);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(answer.json()).toEqual({
    success: false,
    message: COMMON_MESSAGES.reportsBusy(seconds).text,
    code: 'common.reportsBusy',
    params: { count: seconds },
  });
}

// A place is given back when the report's handler settles, which may be a moment after its answer
// has reached the client: the counts are read until they drop (expect.poll).
describe('report slots (exports, PDFs, bulk reads)', () => {
  it("refuses one person's exports past their limit, while another institute's list answers", async () => {
    const sunrise = await makeSchool(t.app, 'Sunrise');
    const greenValley = await makeSchool(t.app, 'Green Valley');
    expect((await get('/api/students', sunrise.admin.headers)).statusCode).toBe(200);
    const exports = Array.from({ length: 6 }, () => get(EXPORT, sunrise.admin.headers));
    const list = get('/api/students', greenValley.admin.headers);
    const answers = await Promise.all(exports);

    const served = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(served.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const answer of refused) expectRefused(answer);
    for (const answer of served) expect(answer.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await list).statusCode).toBe(200);
    await expect.poll(() => t.app.reportSlots.count(`user:${sunrise.admin.id}`)).toBe(0);

    // The exports done, the next one is served.
    expect((await get(EXPORT, sunrise.admin.headers)).statusCode).toBe(200);
  });

  it("refuses an institute's reports past its limit, while another institute's export is served", async () => {
    const sunrise = await makeSchool(t.app, 'Sunrise');
    const greenValley = await makeSchool(t.app, 'Green Valley');
    // Three people, one report each (their own limit): two of Sunrise's may run or wait at once.
    const people = [sunrise.admin, sunrise.teacher, sunrise.parent];
    // Each signed in once before (their session remembered), so the exports arrive together.
    for (const who of people) expect((await get('/api/students', who.headers)).statusCode).toBe(200);
    const answers = Promise.all(people.map((who) => get(EXPORT, who.headers)));
    const theirs = get(EXPORT, greenValley.admin.headers);

    const refused = (await answers).filter((a) => a.statusCode !== 200);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const answer of refused) expectRefused(answer);
    expect((await theirs).statusCode).toBe(200);
    await expect.poll(() => t.app.reportSlots.count(`institute:${sunrise.institute.id}`)).toBe(0);
  });

  it('gives the slot back when a report fails', async () => {
    const s = await makeSchool(t.app);
    const missing = await get(`/api/exams/report-cards/students/${randomUUID()}`, s.admin.headers);
    expect(missing.statusCode).toBe(404);
    await expect.poll(() => t.app.reportSlots.count(`user:${s.admin.id}`)).toBe(0);
    expect((await get(EXPORT, s.admin.headers)).statusCode).toBe(200);
  });

  it('gives the slot back when the client goes away in the middle of an export', async () => {
    const s = await makeSchool(t.app);
    // Enough rows that the file outgrows what a socket holds: the export waits on the reader.
    const rows = Array.from({ length: 3000 }, (_, n) => ({
      instituteId: s.institute.id,
      admissionNo: `2026/${String(n + 100).padStart(5, '0')}`,
      firstName: `Pupil ${n} ${'x'.repeat(200)}`,
      lastName: 'Many',
      dateOfBirth: '2014-05-20',
      gender: 'male' as const,
      sectionId: s.sections.eightA.id,
    }));
    await t.app.database.db.insert(students).values(rows);

    // A real socket (inject has none to drop): a local server handing requests to the app.
    const socketPath = path.join(tmpdir(), `sk-reports-${randomBytes(4).toString('hex')}.sock`);
    const server = http.createServer((req, res) => t.app.routing(req, res));
    await new Promise<void>((listening) => server.listen(socketPath, listening));
    try {
      for (const format of ['csv', 'xlsx']) {
        const response = await new Promise<http.IncomingMessage>((answered, failed) =>
          http
            .get(
              { socketPath, path: `/api/students/export?format=${format}`, headers: s.admin.headers },
              answered,
            )
            .on('error', failed),
        );
        expect(response.statusCode).toBe(200);
        // Headers are here, the body is not read: the export is under way, holding its slot.
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(t.app.reportSlots.count(`user:${s.admin.id}`)).toBe(1);
        response.destroy();
        await expect.poll(() => t.app.reportSlots.count(`user:${s.admin.id}`)).toBe(0);
        expect((await get('/api/students/export?format=csv', s.admin.headers)).statusCode).toBe(200);
        await expect.poll(() => t.app.reportSlots.count(`user:${s.admin.id}`)).toBe(0);
      }
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  });
});

describe('ReportSlots', () => {
  /** A task that runs until the test lets it finish. */
  function gate() {
    let open: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { done, open };
  }

  it('runs `atOnce` reports and queues the rest in order, holding no turn while they wait', async () => {
    const slots = new ReportSlots({ perUser: 2, perInstitute: 4, atOnce: 1 });
    const [first, second] = [gate(), gate()];
    const started: string[] = [];
    const run = (userId: string, instituteId: string, g: { done: Promise<void> }) =>
      slots.run({ userId, instituteId }, async () => {
        started.push(`${userId}@${instituteId}`);
        await g.done;
      });
    const a = run('u1', 'i1', first);
    const b = run('u2', 'i2', second);
    await Promise.resolve();
    expect(started).toEqual(['u1@i1']);
    expect(slots.count('institute:i2')).toBe(1);
    first.open();
    await a;
    expect(started).toEqual(['u1@i1', 'u2@i2']);
    second.open();
    await b;
    expect([slots.count('user:u1'), slots.count('institute:i2')]).toEqual([0, 0]);
  });

  it('gives the places back when the report throws', async () => {
    const slots = new ReportSlots({ perUser: 1, perInstitute: 1, atOnce: 1 });
    const who = { userId: 'u1', instituteId: 'i1' };
    await expect(slots.run(who, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(who, async () => 'again')).toBe('again');
  });

  it('counts exports and PDFs by their path unless a route says otherwise', () => {
    expect(isReport({ url: '/api/students/export' })).toBe(true);
    expect(isReport({ url: '/api/fees/payments/:id/receipt.pdf' })).toBe(true);
    expect(isReport({ url: '/api/students' })).toBe(false);
    expect(isReport({ url: '/api/exams/report-cards/:id', config: { heavy: true } })).toBe(true);
    expect(isReport({ url: '/api/x/export', config: { heavy: false } })).toBe(false);
  });
});
