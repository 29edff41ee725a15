import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUTH_MESSAGES } from '@schooliko/common/auth';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgres, testDbKind } from '../testing/test-app';
import { request, type ServerProcess, startServer } from './server-process';

// Faults: the real server is killed with SIGKILL in the middle of a stream of HTTP writes
// (admin sign-ups, each acknowledged with 201 only after its commit); after a restart on the
// same data every acknowledged account is there (signs in, or waits for approval). The same for
// counter payments (issue 14): every acknowledged receipt is there after the restart, and the
// receipt numbers stay distinct and gap-free. On PGlite (DATA_DIR) always; on PostgreSQL (a fresh
// database from TEST_DATABASE_URL) when TEST_DB=postgres.
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});

const PASSWORD = 'Kill9@Password';
const IN_FLIGHT = 4;
const ACKS_BEFORE_KILL = 24;

async function storage(): Promise<Record<string, string>> {
  if (testDbKind === 'postgres') {
    const db = await freshPostgres();
    cleanups.push(db.drop);
    return { DATABASE_URL: db.url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'schooliko-kill-pg-')) };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'schooliko-kill-http-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return { DATA_DIR: dir };
}

function signUp(server: ServerProcess, email: string) {
  return request(server.port, {
    method: 'POST',
    path: '/api/auth/signUp',
    body: {
      first_name: 'Kill',
      last_name: 'Nine',
      email,
      mobile: '9876543210',
      password: PASSWORD,
      confirm_password: PASSWORD,
      role: 'admin',
    },
  });
}

describe(`kill -9 during writes (${testDbKind})`, () => {
  it('loses no acknowledged write across a restart', { timeout: 300_000 }, async () => {
    const env = await storage();
    const server = await startServer(env);
    cleanups.push(server.kill);
    const tag = randomBytes(3).toString('hex');
    const acknowledged: string[] = [];
    let next = 0;
    let killed = false;

    // Writers keep IN_FLIGHT sign-ups going; the kill lands while some are still in flight.
    const writer = async () => {
      while (!killed) {
        const email = `kill-${tag}-${next++}@example.com`;
        const res = await signUp(server, email).catch(() => undefined);
        if (res?.status === 201) acknowledged.push(email);
        else if (res && !killed) throw new Error(`sign-up answered ${res.status}: ${res.body}`);
        if (acknowledged.length >= ACKS_BEFORE_KILL && !killed) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, writer));
    await server.kill();
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);

    const restarted = await startServer(env);
    cleanups.push(restarted.kill);
    const lost: string[] = [];
    for (const email of acknowledged) {
      const res = await request(restarted.port, {
        method: 'POST',
        path: '/api/auth/signin',
        body: { email, password: PASSWORD, role: 'admin' },
      });
      // Signed in, or held for the admins' approval: either way the account is there.
      const present =
        res.status === 200 || (res.status === 403 && res.body.includes(AUTH_MESSAGES.pendingApproval.text));
      if (!present) lost.push(`${email}: ${res.status} ${res.body.slice(0, 120)}`);
    }
    expect(lost, `acknowledged sign-ups missing after kill -9:\n${lost.join('\n')}`).toEqual([]);
    await restarted.kill();
  });

  it('loses no acknowledged payment and duplicates no receipt number across a restart', {
    timeout: 300_000,
  }, async () => {
    const env = await storage();
    const server = await startServer(env);
    cleanups.push(server.kill);
    // The demo school (seeded on start): its admin collects from a few of its pupils.
    const token = await adminToken(server.port);
    const headers = { authorization: `Bearer ${token}` };
    const pupils = (
      (await request(server.port, { path: '/api/students?limit=8', headers })).json() as {
        data: { items: { id: string }[] };
      }
    ).data.items.map((s) => s.id);
    const seeded = await highestReceipt(server.port, headers);
    const acknowledged = new Map<string, string>(); // id → receipt number
    let next = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const student_id = pupils[next++ % pupils.length] as string;
        const res = await request(server.port, {
          method: 'POST',
          path: '/api/fees/payments',
          headers,
          body: { student_id, amount_paise: 50_000, mode: 'cash', reference: '' },
        }).catch(() => undefined);
        if (res?.status === 201) {
          const data = (res.json() as { data: { id: string; receipt_no: string } }).data;
          acknowledged.set(data.id, data.receipt_no);
        } else if (res && !killed) throw new Error(`payment answered ${res.status}: ${res.body}`);
        if (acknowledged.size >= ACKS_BEFORE_KILL && !killed) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, writer));
    await server.kill();
    expect(acknowledged.size).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);

    const restarted = await startServer(env);
    cleanups.push(restarted.kill);
    const again = { authorization: `Bearer ${await adminToken(restarted.port)}` };
    const lost: string[] = [];
    for (const [id, receiptNo] of acknowledged) {
      const res = await request(restarted.port, { path: `/api/fees/payments/${id}`, headers: again });
      const found =
        res.status === 200 ? (res.json() as { data: { receipt_no: string } }).data.receipt_no : '';
      if (found !== receiptNo) lost.push(`${receiptNo}: ${res.status} ${found}`);
    }
    expect(lost, `acknowledged payments missing after kill -9:\n${lost.join('\n')}`).toEqual([]);
    // Every receipt after the seed's, acknowledged or committed just before the kill: S+1..M, once each.
    const after: number[] = [];
    for (let page = 1; ; page++) {
      const res = await request(restarted.port, {
        path: `/api/fees/payments?sort=receipt_no&order=desc&limit=100&page=${page}`,
        headers: again,
      });
      const items = (res.json() as { data: { items: { receipt_no: string }[] } }).data.items;
      const numbers = items.map((p) => serial(p.receipt_no)).filter((n) => n > seeded);
      after.push(...numbers);
      if (numbers.length < items.length || items.length === 0) break;
    }
    after.sort((a, b) => a - b);
    expect(after.length).toBeGreaterThanOrEqual(acknowledged.size);
    expect(after).toEqual(after.map((_, n) => seeded + n + 1));
    expect(new Set([...acknowledged.values()].map(serial)).size).toBe(acknowledged.size);
    await restarted.kill();
  });
});

const serial = (receiptNo: string) => Number(receiptNo.split('/').at(-1));

async function adminToken(port: number): Promise<string> {
  const res = await request(port, {
    method: 'POST',
    path: '/api/auth/signin',
    body: { email: 'admin@schooliko.dev', password: 'Schooliko@123', role: 'admin' },
  });
  expect(res.status, res.body).toBe(200);
  return (res.json() as { data: { tokens: { accessToken: string } } }).data.tokens.accessToken;
}

/** The serial of the highest receipt number so far (0: none). */
async function highestReceipt(port: number, headers: Record<string, string>): Promise<number> {
  const res = await request(port, { path: '/api/fees/payments?sort=receipt_no&order=desc&limit=1', headers });
  const [top] = (res.json() as { data: { items: { receipt_no: string }[] } }).data.items;
  return top ? serial(top.receipt_no) : 0;
}
