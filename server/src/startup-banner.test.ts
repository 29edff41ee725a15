import { describe, expect, it } from 'vitest';
import { startupBanner } from './startup-banner';

const base = {
  PORT: 3000,
  DATA_DIR: './data',
  DATABASE_URL: undefined,
  SMTP_URL: undefined,
  RAZORPAY_KEY_ID: undefined,
  RAZORPAY_KEY_SECRET: undefined,
} as const;

describe('the start-up block (npm start outside production)', () => {
  it('names both demo institutes, the demo accounts, the mail viewer and the data folder', () => {
    const text = startupBanner({ ...base, NODE_ENV: 'development' }, '/srv/schooliko');
    expect(text.split('\n')).toEqual([
      '',
      'Schooliko is running (development)',
      '  App:           http://localhost:3000',
      '  Green Valley:  http://greenvalley.localhost:3000',
      '  Demo accounts: README.md, "Demo accounts" (every password is Schooliko@123)',
      '  Mail:          http://localhost:3000/dev/mail (not sent; SMTP_URL sends it)',
      '  Payments:      TEST GATEWAY: online fees are marked paid without money (RAZORPAY_* keys make them real)',
      '  Data:          /srv/schooliko/data',
      '',
    ]);
  });

  it('shows PostgreSQL and SMTP without their passwords', () => {
    const text = startupBanner(
      {
        ...base,
        PORT: 3195,
        NODE_ENV: 'development',
        DATABASE_URL: 'postgres://app:s3cret@db.internal:5432/schooliko',
        SMTP_URL: 'smtp://mailer:hunter2@smtp.example:587',
        RAZORPAY_KEY_ID: 'rzp_live_x',
        RAZORPAY_KEY_SECRET: 'k',
      },
      '/srv/schooliko',
    );
    expect(text).toContain('http://greenvalley.localhost:3195');
    expect(text).toContain(
      'PostgreSQL postgres://app:***@db.internal:5432/schooliko; files in /srv/schooliko/data',
    );
    expect(text).toContain('over SMTP (smtp://mailer:***@smtp.example:587)');
    expect(text).toContain('  Payments:      Razorpay\n');
    expect(text).not.toMatch(/s3cret|hunter2/);
  });
});
