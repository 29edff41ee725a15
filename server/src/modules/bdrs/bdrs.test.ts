import { BDR_MESSAGES } from '@schooliko/common/bdrs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../../platform/mail/mail.table';
import { otps } from '../../platform/otp/otp.table';
import { hashToken } from '../../plugins/tokens';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { DEMO_BDR, seedBdrs } from './bdrs.seed';
import { addBdr, disableBdr } from './bdrs.service';
import { registrationGrants } from './bdrs.table';
import { latestOtp, randomIp } from './bdrs.testing';

let t: TestApp;
let ip: string;
beforeAll(async () => {
  // Each test asks for the demo BDR's code: its per-id limit is tested with an app of its own.
  t = await createTestApp({ RATE_LIMITS: 'otp-send-id=1000/3600' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await seedBdrs(t.database.db);
  ip = randomIp();
});

const fetchBdr = (bdrId: string, from = ip) =>
  t.app.inject({
    method: 'GET',
    url: `/api/bdrs/fetch?bdr_id=${encodeURIComponent(bdrId)}`,
    remoteAddress: from,
  });
const verify = (otp: string, bdrId: string = DEMO_BDR.bdrId) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bdrs/verify-otp',
    remoteAddress: ip,
    payload: { bdr_id: bdrId, otp },
  });
const otpRow = async () => {
  const [row] = await t.database.db.select().from(otps).where(eq(otps.subject, DEMO_BDR.bdrId));
  if (!row) throw new Error('no OTP stored');
  return row;
};
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('GET /api/bdrs/fetch', () => {
  it('mails a six-digit code to the BDR, answering nothing about the BDR', async () => {
    const res = await fetchBdr(DEMO_BDR.bdrId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'OTP sent to the registered email address',
      data: { bdr_id: 'schooliko_0000000001', dev_mail_viewer: true },
    });
    const code = await latestOtp(t.app, DEMO_BDR.email);
    expect(code).toMatch(/^\d{6}$/);
    const row = await otpRow();
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(10 * 60_000);
  });

  it('lower-cases the id as typed', async () => {
    const res = await fetchBdr('SCHOOLIKO_0000000001');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.bdr_id).toBe('schooliko_0000000001');
  });

  it.each([
    ['', BDR_MESSAGES.bdrIdRequired.text],
    ['schooliko_123', 'Invalid BDR ID format. Must be: schooliko_XXXXXXXXXX (10 digits)'],
    ['bdr_0000000001', 'Invalid BDR ID format. Must be: schooliko_XXXXXXXXXX (10 digits)'],
  ])('refuses %j with 400 and the spec message', async (bdrId, message) => {
    const res = await fetchBdr(bdrId);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors.bdr_id).toBe(message);
  });

  it('answers an unknown or disabled BDR exactly as a known one, mailing nothing', async () => {
    const known = await fetchBdr(DEMO_BDR.bdrId);
    await latestOtp(t.app, DEMO_BDR.email);
    await disableBdr(t.database.db, DEMO_BDR.bdrId);
    await t.database.db.delete(otps);
    await t.database.db.delete(outbox);
    for (const bdrId of ['schooliko_9999999999', DEMO_BDR.bdrId]) {
      const res = await fetchBdr(bdrId);
      expect(res.statusCode).toBe(known.statusCode);
      expect(res.headers['content-type']).toBe(known.headers['content-type']);
      expect(res.json()).toEqual({ ...known.json(), data: { ...known.json().data, bdr_id: bdrId } });
    }
    await t.app.jobs.drain();
    expect(await t.database.db.select().from(outbox)).toEqual([]);
    // Asking again at once is refused alike (the same cool-down), and so is any code.
    const again = await fetchBdr('schooliko_9999999999');
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('bdr.resendWait');
    const guess = await verify('123456', 'schooliko_9999999999');
    expect(guess.statusCode).toBe(400);
    expect(guess.json()).toMatchObject({
      message: 'Invalid OTP. Please try again.',
      errors: { otp: '4 attempts left' },
    });
  });

  it('makes a BDR wait 60 seconds before asking again (429 with the seconds left)', async () => {
    expect((await fetchBdr(DEMO_BDR.bdrId)).statusCode).toBe(200);
    const first = await latestOtp(t.app, DEMO_BDR.email);
    const again = await fetchBdr(DEMO_BDR.bdrId);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^Please wait (60|59) seconds before requesting a new OTP\.$/);
    expect(Number(again.headers['retry-after'])).toBeGreaterThanOrEqual(59);

    // A minute later a new code replaces the old one.
    await t.database.db.update(otps).set({ createdAt: new Date(Date.now() - 61_000) });
    expect((await fetchBdr(DEMO_BDR.bdrId)).statusCode).toBe(200);
    const second = await latestOtp(t.app, DEMO_BDR.email, first);
    const old = await verify(first);
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe('Invalid OTP. Please try again.');
    expect((await verify(second)).statusCode).toBe(200);
  });

  it('limits requests per address', async () => {
    for (let i = 0; i < 10; i++) expect((await fetchBdr(`schooliko_999999999${i}`)).statusCode).toBe(200);
    const res = await fetchBdr('schooliko_8888888888');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await fetchBdr(DEMO_BDR.bdrId, randomIp())).statusCode).toBe(200);
  });
});

describe('POST /api/bdrs/verify-otp', () => {
  it('answers a registration token for the right code, stored only as a hash', async () => {
    await fetchBdr(DEMO_BDR.bdrId);
    const res = await verify(await latestOtp(t.app, DEMO_BDR.email));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('OTP verified successfully');
    expect(body.data.bdr_name).toBe('Asha Verma');
    expect(body.data.registration_token).toMatch(/^[\w-]{40,}$/);
    const expiresIn = new Date(body.data.expires_at).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000);
    const [grant] = await t.database.db
      .select()
      .from(registrationGrants)
      .where(eq(registrationGrants.tokenHash, hashToken(body.data.registration_token)));
    expect(grant?.bdrId).toBe(DEMO_BDR.bdrId);
  });

  it('refuses a wrong code with the spec message and the attempts left', async () => {
    await fetchBdr(DEMO_BDR.bdrId);
    const res = await verify(wrongCode(await latestOtp(t.app, DEMO_BDR.email)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'Invalid OTP. Please try again.',
      code: 'bdr.otpInvalid',
      errors: { otp: '4 attempts left' },
      codes: { otp: { code: 'bdr.attemptsLeft', params: { count: 4 } } },
    });
  });

  it('locks the code after five wrong attempts, even for the right code', async () => {
    await fetchBdr(DEMO_BDR.bdrId);
    const code = await latestOtp(t.app, DEMO_BDR.email);
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await verify(wrongCode(code))).json().errors.otp);
    expect(answers).toEqual([
      '4 attempts left',
      '3 attempts left',
      '2 attempts left',
      '1 attempt left',
      BDR_MESSAGES.otpExhausted.text,
    ]);
    const right = await verify(code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many incorrect attempts. Please request a new OTP.');
  });

  it('refuses an expired code', async () => {
    await fetchBdr(DEMO_BDR.bdrId);
    const code = await latestOtp(t.app, DEMO_BDR.email);
    await t.database.db.update(otps).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await verify(code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This OTP has expired. Please request a new one.');
  });

  it('uses a code once', async () => {
    await fetchBdr(DEMO_BDR.bdrId);
    const code = await latestOtp(t.app, DEMO_BDR.email);
    expect((await verify(code)).statusCode).toBe(200);
    const again = await verify(code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This OTP has already been used. Please request a new one.');
  });

  it('refuses a code that was never sent, and one for another BDR', async () => {
    const none = await verify('123456');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(BDR_MESSAGES.otpMissing.text);

    await addBdr(t.database.db, {
      bdr_id: 'schooliko_0000000002',
      name: 'Ravi Kulkarni',
      email: 'ravi@schooliko.dev',
      contact: '9876500002',
    });
    await fetchBdr(DEMO_BDR.bdrId);
    const code = await latestOtp(t.app, DEMO_BDR.email);
    const other = await verify(code, 'schooliko_0000000002');
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(BDR_MESSAGES.otpMissing.text);
  });

  it.each([
    ['', 'Please enter OTP'],
    ['12ab56', 'OTP must be 6 digits'],
    ['1234567', 'OTP must be 6 digits'],
  ])('validates the code %j', async (otp, message) => {
    const res = await verify(otp);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('per BDR id', () => {
  it('limits requests for one id from any address, known or not, to 5 an hour', async () => {
    const limited = await createTestApp();
    try {
      await limited.reset();
      await seedBdrs(limited.database.db);
      const ask = (bdrId: string) =>
        limited.app.inject({
          method: 'GET',
          url: `/api/bdrs/fetch?bdr_id=${bdrId}`,
          remoteAddress: randomIp(),
        });
      for (const bdrId of [DEMO_BDR.bdrId, 'schooliko_9999999999']) {
        for (let i = 0; i < 5; i++) {
          expect((await ask(bdrId)).statusCode).toBe(200);
          // Past the 60-second cool-down each time.
          await limited.database.db.update(otps).set({ createdAt: new Date(Date.now() - 61_000) });
        }
        const res = await ask(bdrId);
        expect(res.statusCode).toBe(429);
        expect(res.json().code).toBe('auth.tooManyAttempts');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('mail delivery failure', () => {
  it('answers as usual (the mail goes after the answer) and lets the BDR ask again at once', async () => {
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      await broken.reset();
      await seedBdrs(broken.database.db);
      const ask = () => broken.app.inject({ method: 'GET', url: `/api/bdrs/fetch?bdr_id=${DEMO_BDR.bdrId}` });
      expect((await ask()).statusCode).toBe(200);
      // The undeliverable code is withdrawn, so the cool-down does not hold the BDR back.
      await expect.poll(() => broken.database.db.select().from(otps), { timeout: 5_000 }).toEqual([]);
      expect((await ask()).statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });
});
