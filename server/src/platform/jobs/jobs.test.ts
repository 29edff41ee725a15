import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JOB_MESSAGES } from '@schooliko/common/jobs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp, buildWorker } from '../../app';
import { readConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { inInstitute } from '../../kit/scope';
import { students } from '../../modules/students/students.table';
import { httpError } from '../../plugins/errors';
import { makeInstitute } from '../../testing/factories';
import { freshPostgres, testDbKind, useTestApp } from '../../testing/test-app';
import { outbox } from '../mail/mail.table';
import { MESSAGE_JOB, sendMessage } from '../messaging/messaging.service';
import { messages } from '../messaging/messaging.table';
import { backoffSeconds, enqueueJob, JobQueue, PermanentJobError } from './jobs.service';
import { jobs } from './jobs.table';

const t = useTestApp();

const statusOf = async (instituteId: string, id: string) =>
  (
    await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.instituteId, instituteId), eq(jobs.id, id)))
  )[0];

describe('the job queue', () => {
  it('drops a job whose transaction rolled back, and runs one whose transaction committed', async () => {
    const school = await makeInstitute(t.database.db);
    const ran: unknown[] = [];
    t.app.jobs.define('test.echo', async (job) => {
      ran.push(job.payload);
      await job.progress(1, 1);
      return { echoed: job.payload.n };
    });
    await expect(
      inInstitute(t.database.db, school.id, async (tx) => {
        await enqueueJob(tx, { kind: 'test.echo', instituteId: school.id, userId: null, payload: { n: 1 } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const id = await inInstitute(t.database.db, school.id, (tx) =>
      enqueueJob(tx, { kind: 'test.echo', instituteId: school.id, userId: null, payload: { n: 2 } }),
    );
    await t.app.jobs.drain();
    expect(ran).toEqual([{ n: 2 }]);
    expect(await statusOf(school.id, id)).toMatchObject({
      status: 'done',
      result: { echoed: 2 },
      progressDone: 1,
      attempts: 1,
    });
  });

  it('runs a job someone started before the deliveries queued ahead of it, oldest first within each', async () => {
    const school = await makeInstitute(t.database.db);
    const ran: string[] = [];
    t.app.jobs.define('test.order', async (job) => {
      ran.push(String(job.payload.name));
      return {};
    });
    const queue = (name: string, userId: string | null) =>
      inInstitute(t.database.db, school.id, (tx) =>
        enqueueJob(tx, { kind: 'test.order', instituteId: school.id, userId, payload: { name } }),
      );
    await queue('message 1', null);
    await queue('message 2', null);
    await queue('run now', randomUUID());
    await queue('message 3', null);
    await queue('import', randomUUID());
    await t.app.jobs.drain();
    expect(ran).toEqual(['run now', 'import', 'message 1', 'message 2', 'message 3']);
  });

  it('renews the statistics after a bulk job has done its work, and after no other', async () => {
    const school = await makeInstitute(t.database.db);
    const renewed: string[] = [];
    const queue = new JobQueue(t.database.db, t.app.notificationHub, t.app.log, async (tables) => {
      const [row] = await t.database.db
        .select({ status: jobs.status })
        .from(jobs)
        .where(eq(jobs.kind, 'test.bulk'));
      renewed.push(`${tables.join(', ')} while ${row?.status}`);
    });
    queue.define('test.bulk', async () => ({}), { bulk: [jobs, students] });
    queue.define('test.small', async () => ({}));
    queue.define(
      'test.bulk-broken',
      async () => {
        throw new PermanentJobError('The file is malformed');
      },
      { bulk: [jobs] },
    );
    await inInstitute(t.database.db, school.id, async (tx) => {
      for (const kind of ['test.small', 'test.bulk-broken', 'test.bulk'])
        await enqueueJob(tx, { kind, instituteId: school.id, userId: null, payload: {} });
    });
    await queue.drain();
    // Once, for the bulk job that succeeded, while it was still running (marked done after).
    expect(renewed).toEqual(['jobs, students while running']);
  });

  it('retries a failing job later with backoff, and fails a permanent problem at once', async () => {
    const school = await makeInstitute(t.database.db);
    let calls = 0;
    t.app.jobs.define('test.flaky', async () => {
      calls++;
      throw new Error('SMTP server busy');
    });
    t.app.jobs.define('test.broken', async () => {
      throw new PermanentJobError('The file is malformed');
    });
    const [flaky, broken] = await inInstitute(t.database.db, school.id, async (tx) => [
      await enqueueJob(tx, {
        kind: 'test.flaky',
        instituteId: school.id,
        userId: null,
        payload: {},
        maxAttempts: 2,
      }),
      await enqueueJob(tx, { kind: 'test.broken', instituteId: school.id, userId: null, payload: {} }),
    ]);
    await t.app.jobs.drain();
    const waiting = await statusOf(school.id, flaky as string);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, failure: 'SMTP server busy' });
    expect(waiting?.runAt.getTime()).toBeGreaterThan(Date.now() + 1000);
    expect(await statusOf(school.id, broken as string)).toMatchObject({
      status: 'failed',
      attempts: 1,
      failure: 'The file is malformed',
    });
    // Due again: the second attempt is the last.
    await t.database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, flaky as string));
    await t.app.jobs.drain();
    expect(await statusOf(school.id, flaky as string)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(calls).toBe(2);
    expect([1, 2, 3, 9].map(backoffSeconds)).toEqual([2, 4, 8, 300]);
  });

  it('fails a refusal (a 4xx answer thrown by the work) at once, and retries a server error', async () => {
    const school = await makeInstitute(t.database.db);
    let calls = 0;
    t.app.jobs.define('test.refused', async () => {
      calls++;
      throw httpError(404, JOB_MESSAGES.notFound);
    });
    t.app.jobs.define('test.unavailable', async () => {
      throw httpError(503, 'Storage is not answering');
    });
    const [refused, unavailable] = await inInstitute(t.database.db, school.id, async (tx) => [
      await enqueueJob(tx, { kind: 'test.refused', instituteId: school.id, userId: null, payload: {} }),
      await enqueueJob(tx, { kind: 'test.unavailable', instituteId: school.id, userId: null, payload: {} }),
    ]);
    await t.app.jobs.drain();
    expect(await statusOf(school.id, refused as string)).toMatchObject({
      status: 'failed',
      attempts: 1,
      failure: 'Job not found',
    });
    expect(calls).toBe(1);
    expect(await statusOf(school.id, unavailable as string)).toMatchObject({ status: 'queued', attempts: 1 });
  });

  it('runs a job again when its worker died mid-run, and fails it unrun after its last attempt', async () => {
    const school = await makeInstitute(t.database.db);
    let runs = 0;
    t.app.jobs.define('test.lease', async () => {
      runs++;
      return {};
    });
    // As a killed worker leaves a job on the attempt given (of 3): running, its lease over.
    const diedDuring = async (attempts: number) => {
      const id = await inInstitute(t.database.db, school.id, (tx) =>
        enqueueJob(tx, {
          kind: 'test.lease',
          instituteId: school.id,
          userId: null,
          payload: {},
          maxAttempts: 3,
        }),
      );
      await t.database.db
        .update(jobs)
        .set({ status: 'running', attempts, lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(jobs.id, id));
      await t.app.jobs.drain();
      return statusOf(school.id, id);
    };
    expect(await diedDuring(1)).toMatchObject({ status: 'done', attempts: 2 });
    expect(runs).toBe(1);
    // A file that takes the process down, on its third attempt: never run a fourth time.
    expect(await diedDuring(3)).toMatchObject({
      status: 'failed',
      attempts: 3,
      failure: JOB_MESSAGES.stopped.text,
    });
    expect(runs).toBe(1);
  });

  it('keeps queued jobs across a restart and runs them when the server is back', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'schooliko-jobs-'));
    // The same database opened twice: a PGlite folder, or a PostgreSQL database of its own.
    const server = testDbKind === 'postgres' ? await freshPostgres() : null;
    const open = () => openDatabase(server ? { url: server.url } : { dataDir: dir });
    try {
      const config = readConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent',
        DATA_DIR: dir,
      });
      let database = await open();
      await migrate(database);
      let app = await buildApp({ database, config, logger: false });
      const school = await makeInstitute(database.db);
      const id = await inInstitute(database.db, school.id, (tx) =>
        enqueueJob(tx, { kind: 'test.later', instituteId: school.id, userId: null, payload: { n: 7 } }),
      );
      await app.close();
      await database.close();

      database = await open();
      app = await buildApp({ database, config, logger: false });
      app.jobs.define('test.later', async (job) => ({ got: job.payload.n }));
      await app.jobs.drain();
      const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
      expect(row).toMatchObject({ status: 'done', result: { got: 7 } });
      await app.close();
      await database.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await server?.drop();
    }
  });
});

describe(`workers (npm run worker) beside the web app (${testDbKind})`, () => {
  // On PostgreSQL the web app and each worker open the database on their own pool, as separate
  // processes do, and share the queue through its claims; PGlite lives inside one process, so there
  // the three share the one embedded database (the same claims, one connection).
  it('run each job the web app queued exactly once when two workers work the queue', async () => {
    const server = testDbKind === 'postgres' ? await freshPostgres() : null;
    const opened: Database[] = [];
    const open = async () => {
      if (!server) return t.database;
      const database = await openDatabase({ url: server.url });
      opened.push(database);
      return database;
    };
    const config = readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const closing: { close: () => Promise<unknown> }[] = [];
    try {
      const web = server ? await buildApp({ database: await open(), config, logger: false }) : t.app;
      if (server) closing.push(web);
      const workers = [
        await buildWorker({ database: await open(), config, logger: false }),
        await buildWorker({ database: await open(), config, logger: false }),
      ];
      closing.push(...workers);
      // A worker serves nothing: it has the services and the jobs, no routes.
      expect((await workers[0]?.inject({ method: 'GET', url: '/api/health' }))?.statusCode).toBe(404);

      const db = web.database.db;
      const school = await makeInstitute(db);
      const to = Array.from({ length: 20 }, (_, n) => `parent${n}@worker.test`);
      const ids = await inInstitute(db, school.id, async (tx) => {
        const made: string[] = [];
        for (const [n, address] of to.entries()) {
          const sent = await sendMessage(tx, {
            instituteId: school.id,
            eventKey: `worker-test:${n}`,
            channel: 'email',
            to: address,
            subject: 'Hello',
            text: `Message ${n}`,
          });
          if (sent.id) made.push(sent.id);
        }
        return made;
      });
      expect(ids).toHaveLength(20);

      await Promise.all(workers.map((worker) => worker.jobs.drain()));

      const queued = await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.instituteId, school.id), eq(jobs.kind, MESSAGE_JOB)));
      expect(queued.map((j) => [j.status, j.attempts])).toEqual(Array(20).fill(['done', 1]));
      const sent = await db
        .select({ status: messages.status })
        .from(messages)
        .where(and(eq(messages.instituteId, school.id), inArray(messages.id, ids)));
      expect(sent.map((m) => m.status)).toEqual(Array(20).fill('sent'));
      const mail = await db.select({ to: outbox.to }).from(outbox).where(inArray(outbox.to, to));
      expect(mail.map((m) => m.to).sort()).toEqual([...to].sort());
    } finally {
      for (const app of closing.reverse()) await app.close();
      for (const database of opened) await database.close();
      await server?.drop();
    }
  });
});
