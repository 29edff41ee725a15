import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger, LineBatch } from './logger';
import { makeInstitute } from './testing/factories';
import { createTestApp, type TestApp } from './testing/test-app';

// The app's own logger (logger.ts) at the default level, writing to a stream the test reads.
const lines: string[] = [];
let logger: Logger;
let t: TestApp;
let domain: string;
beforeAll(async () => {
  logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  t = await createTestApp({}, { logger });
  domain = (await makeInstitute(t.database.db)).domain;
});
afterAll(() => t.close());
beforeEach(() => {
  lines.length = 0;
  t.app.log.level = 'info';
});

const SECRET_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.secret-access-token.signature';
const SECRET_COOKIE = 'refresh-cookie-value-0123456789';

describe('request logging at the default level (info)', () => {
  it('writes exactly one line per request: method, url, host, status and time, no headers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/institutes/basic-data',
      headers: {
        host: domain,
        authorization: `Bearer ${SECRET_TOKEN}`,
        cookie: `refreshToken=${SECRET_COOKIE}`,
        'user-agent': 'log-test',
      },
      payload: { domain },
    });
    expect(res.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] ?? '');
    expect(Object.keys(entry).sort()).toEqual(
      [
        'hostname',
        'host',
        'level',
        'method',
        'msg',
        'pid',
        'reqId',
        'responseTime',
        'statusCode',
        'time',
        'url',
      ].sort(),
    );
    expect(entry).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'POST',
      url: '/api/institutes/basic-data',
      host: domain,
      statusCode: 200,
    });
    expect(typeof entry.responseTime).toBe('number');
    expect(entry.responseTime).toBeGreaterThanOrEqual(0);
    const text = lines.join('');
    for (const secret of [SECRET_TOKEN, SECRET_COOKIE, 'authorization', 'cookie', 'log-test'])
      expect(text).not.toContain(secret);
  });

  it('logs the status of a refused request and redacts the access token in the query', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/notifications/stream?access_token=${SECRET_TOKEN}&x=1`,
      headers: { host: domain },
    });
    expect(res.statusCode).toBe(401);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      method: 'GET',
      url: '/api/notifications/stream?access_token=[redacted]&x=1',
      statusCode: 401,
    });
    expect(lines.join('')).not.toContain(SECRET_TOKEN);
    lines.length = 0;
    await t.app.inject({
      method: 'GET',
      url: `/api/messaging/sms/delivery-reports?messageid=m-1&token=${SECRET_TOKEN}`,
      headers: { host: domain },
    });
    expect(JSON.parse(lines[0] ?? '').url).toBe(
      '/api/messaging/sms/delivery-reports?messageid=m-1&token=[redacted]',
    );
  });

  it('logs an unknown route once, as its 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-route', headers: { host: domain } });
    expect(res.statusCode).toBe(404);
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ msg: 'request completed', url: '/api/no-such-route', statusCode: 404 }),
    ]);
  });

  it('writes nothing for an answered request above info (LOG_LEVEL=warn)', async () => {
    t.app.log.level = 'warn';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/institutes/basic-data',
      headers: { host: domain },
      payload: { domain },
    });
    expect(res.statusCode).toBe(200);
    expect(lines).toEqual([]);
  });
});

describe('LineBatch: the lines of one turn of the event loop in one write', () => {
  function tempFile() {
    const dir = mkdtempSync(path.join(tmpdir(), 'schooliko-log-'));
    const file = path.join(dir, 'log');
    return { file, fd: openSync(file, 'w'), remove: () => rmSync(dir, { recursive: true, force: true }) };
  }

  it('writes nothing while the turn runs, then every line in order when it ends', async () => {
    const { file, fd, remove } = tempFile();
    try {
      const batch = new LineBatch(fd);
      batch.write('one\n');
      batch.write('two\n');
      batch.write('three\n');
      expect(readFileSync(file, 'utf8')).toBe('');
      await new Promise((resolve) => setImmediate(resolve));
      expect(readFileSync(file, 'utf8')).toBe('one\ntwo\nthree\n');
      batch.write('four\n');
      await new Promise((resolve) => setImmediate(resolve));
      expect(readFileSync(file, 'utf8')).toBe('one\ntwo\nthree\nfour\n');
    } finally {
      closeSync(fd);
      remove();
    }
  });

  it('writes a fatal line, and what was pending before it, at once', () => {
    const { file, fd, remove } = tempFile();
    try {
      const log = createLogger('info', new LineBatch(fd));
      log.info('before');
      expect(readFileSync(file, 'utf8')).toBe('');
      log.fatal('the end');
      const written = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(written.map((entry) => [entry.level, entry.msg])).toEqual([
        [30, 'before'],
        [60, 'the end'],
      ]);
    } finally {
      closeSync(fd);
      remove();
    }
  });
});
