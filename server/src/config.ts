import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** Argon2 operations at once: every core but one, which the event loop keeps. */
export const DEFAULT_PASSWORD_HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1);
/** Argon2 operations waiting for their turn; past that, 503. At ~40 ms each, about 5 s of work for one core. */
export const DEFAULT_PASSWORD_HASH_QUEUE = 128;

// Every variable the server reads, parsed once. The README's table documents each one.
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  /** Signs access tokens; every instance of one deployment must share it. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /** Mail goes over SMTP when set (e.g. smtp://user:pass@host:587); otherwise to the outbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Schooliko <no-reply@schooliko.local>'),
  /** Overrides of rate limits by name, e.g. `signin-ip=20/60,forgot-email=3/900` (max per seconds). */
  RATE_LIMITS: z
    .string()
    .regex(
      /^\s*([a-z0-9-]+=\d+\/\d+)(\s*,\s*[a-z0-9-]+=\d+\/\d+)*\s*$/,
      'RATE_LIMITS must look like name=max/seconds,name=max/seconds',
    )
    .optional(),
  /**
   * How many reverse proxies in front of the app may be believed about the client's address
   * (X-Forwarded-For). 0 (default): none, so nobody can spoof the per-IP rate limits.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Shared state for more than one instance (notification fan-out, rate limits), e.g. redis://host:6379. */
  REDIS_URL: z.string().url().optional(),
  /** Institutes registered with a subdomain answer on `<label>.<PLATFORM_DOMAIN>` too. */
  PLATFORM_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+$/, 'PLATFORM_DOMAIN must be a host name')
    .default('schooliko.localhost'),
  /**
   * Where the development institute (the one on localhost) is opened, e.g. https://schooliko.example:
   * an origin only. Every link in mail is built from it and an institute's registered name, never
   * from a request's Host. Default http://localhost:<PORT>.
   */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((value) => {
      const url = URL.canParse(value) ? new URL(value) : null;
      return /^https?:$/.test(url?.protocol ?? '') && `${url?.origin}/` === url?.href.replace(/\/?$/, '/');
    }, 'PUBLIC_URL must be an http(s) origin, like https://schooliko.example (no path, user or query)')
    .optional(),
  /** Institutes one person may open from the website builder in 24 hours (counted in the database). */
  INSTITUTES_PER_USER_PER_DAY: z.coerce.number().int().min(1).max(1000).default(5),
  /** An India Post style pincode service (`<url>/<pincode>`) asked before the embedded directory. */
  PINCODE_API_URL: z.string().url().optional(),
  /** Uploads go to S3-compatible object storage when the four S3_* below are set; else DATA_DIR/uploads. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Public base URL of the bucket's objects (e.g. a CDN); default `<S3_ENDPOINT>/<S3_BUCKET>`. */
  S3_PUBLIC_URL: z.string().url().optional(),
  /** Password hashes and checks (argon2id) run at once; more wait in a queue of PASSWORD_HASH_QUEUE. */
  PASSWORD_HASH_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(DEFAULT_PASSWORD_HASH_CONCURRENCY),
  /** How many more may wait; past that the request answers 503 with Retry-After. */
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(DEFAULT_PASSWORD_HASH_QUEUE),
  /** Open notification streams (server-sent events) per user and per client address on one instance; a new one past the cap ends the oldest. */
  SSE_MAX_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  SSE_MAX_PER_IP: z.coerce.number().int().min(1).max(100_000).default(50),
  /**
   * Reports (exports, PDFs, bulk reads: kit/report-slots.ts) one person and one institute may have
   * running or waiting at once on one instance; past either, 429 with Retry-After.
   */
  REPORTS_PER_USER: z.coerce.number().int().min(1).max(1000).default(3),
  REPORTS_PER_INSTITUTE: z.coerce.number().int().min(1).max(10_000).default(6),
  /** Reports running at once on one instance, each on one of the database pool's 10 connections; the rest wait their turn. */
  REPORTS_AT_ONCE: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * "Continue with Google" on the sign-in and sign-up pages when both are set: an OAuth client of
   * type "Web application" whose authorised redirect URI is `<institute origin>/api/auth/google/callback`.
   */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** The OpenID provider asked (its discovery document): Google; tests point it at a local one. */
  GOOGLE_ISSUER_URL: z.string().url().default('https://accounts.google.com'),
  /**
   * Online fee payment through Razorpay (dashboard → API keys, and a webhook to
   * `<origin>/api/fees/webhooks/razorpay` for payment.captured and order.paid with this secret).
   * All three together; without them, outside production, a built-in test gateway stands in.
   */
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  /**
   * SMS through SMSGatewayHub's HTTP API (DLT: sender header, entity id and template id on every
   * message). Without a key, SMS land in the development outbox (/dev/mail) like mail.
   */
  SMS_API_KEY: z.string().min(1).optional(),
  SMS_GATEWAY_URL: z.string().url().default('https://www.smsgatewayhub.com/api/mt/SendSMS'),
  SMS_ROUTE: z.string().min(1).default('1'),
  /**
   * The secret in the gateway's "Push DLR" URL (`<origin>/api/messaging/sms/delivery-reports?token=…`):
   * only a report carrying it may mark a message delivered. Unset: pushed reports are refused and
   * delivery is learnt by the periodic pull alone.
   */
  SMS_DLR_TOKEN: z.string().min(24, 'SMS_DLR_TOKEN must be at least 24 characters').optional(),
});

const withDefaults = schema
  .refine((config) => Boolean(config.GOOGLE_CLIENT_ID) === Boolean(config.GOOGLE_CLIENT_SECRET), {
    path: ['GOOGLE_CLIENT_SECRET'],
    message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set together',
  })
  .refine(
    (config) =>
      new Set(
        [config.RAZORPAY_KEY_ID, config.RAZORPAY_KEY_SECRET, config.RAZORPAY_WEBHOOK_SECRET].map(Boolean),
      ).size === 1,
    {
      path: ['RAZORPAY_WEBHOOK_SECRET'],
      message: 'RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are set together',
    },
  )
  .transform((config) => ({
    ...config,
    PUBLIC_URL: new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).origin,
  }));

export type Config = z.output<typeof withDefaults>;

/** Whether "Continue with Google" is offered (both GOOGLE_* client settings are there). */
export function googleSignInEnabled(config: Config): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = withDefaults.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * The token-signing secret: JWT_SECRET when set; required in production; otherwise one made
 * once and kept in DATA_DIR so sessions survive a restart of a development server.
 */
export function resolveJwtSecret(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  if (config.NODE_ENV === 'production') throw new Error('JWT_SECRET must be set in production');
  if (config.NODE_ENV === 'test') return randomBytes(32).toString('hex');
  const file = path.resolve(config.DATA_DIR, '.jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
