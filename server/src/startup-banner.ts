import path from 'node:path';
import { DEV_DOMAIN } from '@schooliko/common/hosts';
import type { Config } from './config';
import { GREEN_VALLEY_DOMAIN } from './platform/institutes/institutes.seed';

/** A database URL without its password, for people to read. */
function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/**
 * What `npm start` prints once outside production, beside the JSON log lines: where the two demo
 * institutes answer, where the demo accounts are listed, where mail goes, whether online payments
 * are real and where data is kept.
 */
export function startupBanner(
  config: Pick<
    Config,
    'PORT' | 'DATA_DIR' | 'DATABASE_URL' | 'SMTP_URL' | 'NODE_ENV' | 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET'
  >,
  cwd = process.cwd(),
): string {
  const at = (host: string) => `http://${host}:${config.PORT}`;
  const data = path.resolve(cwd, config.DATA_DIR);
  return [
    '',
    `Schooliko is running (${config.NODE_ENV})`,
    `  App:           ${at(DEV_DOMAIN)}`,
    `  Green Valley:  ${at(GREEN_VALLEY_DOMAIN)}`,
    '  Demo accounts: README.md, "Demo accounts" (every password is Schooliko@123)',
    config.SMTP_URL
      ? `  Mail:          over SMTP (${withoutPassword(config.SMTP_URL)})`
      : `  Mail:          ${at(DEV_DOMAIN)}/dev/mail (not sent; SMTP_URL sends it)`,
    // The test gateway marks orders paid with no money moving (issue 27): said plainly at start.
    config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET
      ? '  Payments:      Razorpay'
      : '  Payments:      TEST GATEWAY: online fees are marked paid without money (RAZORPAY_* keys make them real)',
    config.DATABASE_URL
      ? `  Data:          PostgreSQL ${withoutPassword(config.DATABASE_URL)}; files in ${data}`
      : `  Data:          ${data}`,
    '',
  ].join('\n');
}
