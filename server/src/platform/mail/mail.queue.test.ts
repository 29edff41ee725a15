import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeInstitute } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { jobs } from '../jobs/jobs.table';
import { MAIL_JOB, queueMail } from './mail.service';

/** A minimal SMTP peer that takes every mail (enough of RFC 5321 for plain text). */
function smtpPeer(received: string[]): Server {
  return createServer((socket) => {
    let data = false;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      if (data) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end < 0) return;
        received.push(buffer.slice(0, end));
        buffer = buffer.slice(end + 5);
        data = false;
        socket.write('250 queued\r\n');
      }
      for (let nl = buffer.indexOf('\r\n'); nl >= 0 && !data; nl = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, nl).toUpperCase();
        buffer = buffer.slice(nl + 2);
        if (line.startsWith('EHLO') || line.startsWith('HELO')) socket.write('250 test\r\n');
        else if (line === 'DATA') {
          data = true;
          socket.write('354 go on\r\n');
        } else if (line === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
}

/** A port nothing listens on yet: taken, then given back. */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

let t: TestApp;
let port: number;
let peer: Server | null = null;
const received: string[] = [];
beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'School <no-reply@ex.in>' });
});
afterAll(async () => {
  await t.close();
  if (peer) await new Promise<void>((r) => peer?.close(() => r()));
});

describe('mail through the job queue', () => {
  it('goes only if its transaction commits', async () => {
    const school = await makeInstitute(t.database.db);
    await t.database.db
      .transaction(async (tx) => {
        await queueMail(tx, school.id, { to: 'asha@ex.in', subject: 'Never', text: 'Rolled back' });
        throw new Error('the change failed');
      })
      .catch(() => null);
    expect(await t.database.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB))).toEqual([]);
  });

  it('waits out a mail server that is down, then is delivered on a later attempt', async () => {
    const school = await makeInstitute(t.database.db);
    const id = await t.database.db.transaction((tx) =>
      queueMail(tx, school.id, { to: 'asha@ex.in', subject: 'Your link', text: 'Hello Asha' }),
    );

    // Nobody listens on the mail port: the attempt fails and the job waits for its next try.
    await t.app.jobs.drain();
    const [waiting] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting?.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(received).toEqual([]);

    // The mail server is back and the backoff has passed.
    peer = smtpPeer(received).listen(port, '127.0.0.1');
    await once(peer, 'listening');
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, id));
    await t.app.jobs.drain();

    const [done] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(done).toMatchObject({ status: 'done', attempts: 2, result: { to: 'asha@ex.in' } });
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Your link');
    expect(received[0]).toContain('Hello Asha');
  });
});
