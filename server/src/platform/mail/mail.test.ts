import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { sendMail } from './mail.service';
import { outbox } from './mail.table';

const t = useTestApp();

const deps = () => ({ db: t.database.db, config: { MAIL_FROM: 'Schooliko <no-reply@schooliko.local>' } });

describe('sendMail without SMTP', () => {
  it('keeps mail in the outbox, readable newest first and by address', async () => {
    await sendMail(t.app, { to: 'Asha@Ex.in', subject: 'First', text: 'one' });
    await sendMail(deps(), { to: 'ravi@ex.in', subject: 'Second', text: 'two', html: '<p>two</p>' });
    await sendMail(t.app, { to: 'asha@ex.in', subject: 'Third', text: 'three' });

    const all = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.items.map((m: { subject: string }) => m.subject)).toEqual([
      'Third',
      'Second',
      'First',
    ]);
    expect(all.json().data.pagination).toEqual({ page: 1, limit: 10, total: 3, hasMore: false });

    const asha = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=ASHA@ex.in&limit=1' });
    expect(asha.json().data).toMatchObject({
      items: [{ to: 'asha@ex.in', subject: 'Third', text: 'three', html: null }],
      pagination: { page: 1, limit: 1, total: 2, hasMore: true },
    });
    const page2 = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=asha@ex.in&limit=1&page=2' });
    expect(page2.json().data.items[0].subject).toBe('First');
    expect(page2.json().data.pagination.hasMore).toBe(false);
  });

  it('refuses a bad page with 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?page=0' });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});

describe('/dev/mail', () => {
  it('shows the outbox newest first, escaped, with clickable links', async () => {
    await sendMail(t.app, { to: 'asha@ex.in', subject: 'Older', text: 'plain' });
    await sendMail(t.app, {
      to: 'asha@ex.in',
      subject: '<script>alert(1)</script>',
      text: 'Open http://localhost:3000/reset-password?token=a&b=<c> now "quoted"',
    });
    const res = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).toContain(
      '<a href="http://localhost:3000/reset-password?token=a&amp;b=" rel="noreferrer">http://localhost:3000/reset-password?token=a&amp;b=</a>&lt;c&gt; now &quot;quoted&quot;',
    );
    expect(res.body.indexOf('alert(1)')).toBeLessThan(res.body.indexOf('Older'));
    expect(res.body).toContain('asha@ex.in');
  });

  it('filters by address and says what to do when empty', async () => {
    await sendMail(t.app, { to: 'asha@ex.in', subject: 'For Asha', text: 'x' });
    const res = await t.app.inject({ method: 'GET', url: '/dev/mail?to=%22%3E%3Cb%3Eravi@ex.in' });
    expect(res.body).not.toContain('For Asha');
    expect(res.body).not.toContain('"><b>');
    expect(res.body).toContain('No mail to &quot;&gt;&lt;b&gt;ravi@ex.in yet.');
  });
});

describe('sendMail over SMTP', () => {
  let server: Server;
  const received: string[] = [];

  beforeAll(async () => {
    // A minimal SMTP peer: enough of RFC 5321 for one plain-text delivery.
    server = createServer((socket) => {
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
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('delivers over SMTP_URL and leaves the outbox empty', async () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await sendMail(
      {
        db: t.database.db,
        config: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'School <no-reply@ex.in>' },
      },
      { to: 'asha@ex.in', subject: 'Over the wire', text: 'Hello over SMTP' },
    );
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Over the wire');
    expect(received[0]).toContain('To: asha@ex.in');
    expect(received[0]).toContain('From: School <no-reply@ex.in>');
    expect(received[0]).toContain('Hello over SMTP');
    expect(await t.database.db.select().from(outbox)).toHaveLength(0);
  });
});
