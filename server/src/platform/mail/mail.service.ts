import { type ListQuery, type Pagination, pagination } from '@schooliko/common/http';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { ModuleJob } from '../../kit/module';
import { enqueueJob } from '../jobs';
import { outbox } from './mail.table';

export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type MailDeps = { db: Db; config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'> };

const transports = new Map<string, Transporter>();

function transportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport(url);
    transports.set(url, transport);
  }
  return transport;
}

/**
 * Sends one mail: over SMTP when SMTP_URL is set, otherwise into the outbox table (read it at
 * /dev/mail or GET /api/dev/outbox outside production). Pass the app or { db, config }.
 */
export async function sendMail(deps: FastifyInstance | MailDeps, message: MailMessage): Promise<void> {
  const { db, config } = 'database' in deps ? { db: deps.database.db, config: deps.config } : deps;
  if (config.SMTP_URL) {
    await transportFor(config.SMTP_URL).sendMail({ from: config.MAIL_FROM, ...message });
    return;
  }
  await db.insert(outbox).values({ ...message, to: message.to.toLowerCase(), html: message.html ?? null });
}

/** The job that delivers one mail, retried with backoff while SMTP refuses it. */
export const MAIL_JOB = 'mail.send';
const MAIL_ATTEMPTS = 8;

/**
 * Queues a mail in the caller's transaction (ADR 006): it goes only if the change that causes it
 * commits, and a mail server that is down delays it instead of losing it.
 */
export function queueMail(tx: Db, instituteId: string, message: MailMessage): Promise<string> {
  return enqueueJob(tx, {
    kind: MAIL_JOB,
    instituteId,
    userId: null,
    payload: message,
    maxAttempts: MAIL_ATTEMPTS,
  });
}

/** The worker's side: delivers a queued mail (a throw is retried). */
export const mailJob: ModuleJob = {
  kind: MAIL_JOB,
  run: async (job, app) => {
    const { to, subject, text, html } = job.payload as MailMessage;
    await sendMail(app, { to, subject, text, ...(html ? { html } : {}) });
    return { to };
  },
};

export type OutboxMail = typeof outbox.$inferSelect;

/** The outbox, newest first, optionally only mail to one address. */
export async function listOutbox(
  db: Db,
  query: ListQuery & { to?: string },
): Promise<{ items: OutboxMail[]; pagination: Pagination }> {
  const where = query.to ? eq(outbox.to, query.to.trim().toLowerCase()) : undefined;
  const items = await db
    .select()
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.seq))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: count() }).from(outbox).where(where);
  return { items, pagination: pagination(query, total?.n ?? 0) };
}
