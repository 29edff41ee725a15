import { type Channel, fillTemplate, MESSAGING_MESSAGES } from '@schooliko/common/messaging';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { ModuleJob } from '../../kit/module';
import { scopedJob } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { enqueueJobs, PermanentJobError } from '../jobs';
import { outbox, sendMail } from '../mail';
import {
  type MessageRow,
  messages,
  messagingOptOuts,
  messagingSettings,
  type SmsTemplateRow,
  smsTemplates,
} from './messaging.table';
import { sendBatch } from './sms.batch';
import { gatewayOf } from './sms.gateway';

/** One outbound message. Email carries its subject and text; SMS names a registered template. */
export type OutboundMessage = {
  instituteId: string;
  /**
   * What the message is about, unique per institute, channel and recipient: the same key is never
   * sent twice ("fee-reminder:<student>:<structure>:<seq>:<offset>", "absence:<student>:<date>").
   */
  eventKey: string;
  to: string;
  recipientName?: string | null;
  /** The guardian it goes to, if any: an opted-out guardian gets nothing (recorded as skipped). */
  guardianId?: string | null;
} & (
  | { channel: 'email'; subject: string; text: string }
  | { channel: 'sms'; template: string; params: readonly string[] }
);
export type SendOutcome =
  | { id: string; status: 'queued' | 'skipped' }
  /** Already recorded for this event: nothing was queued. */
  | { id: null; status: 'repeated' };

export const MESSAGE_JOB = 'messaging.send';
const MESSAGE_ATTEMPTS = 8;
const IST_OFFSET_MIN = 330;

const minutesOf = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** When an SMS may leave: now, or the end of the institute's quiet hours (India time). */
export function afterQuietHours(
  now: Date,
  settings: { quietHours: boolean; quietFrom: string; quietUntil: string },
): Date {
  if (!settings.quietHours) return now;
  const from = minutesOf(settings.quietFrom);
  const until = minutesOf(settings.quietUntil);
  const m = Math.floor(now.getTime() / 60_000 + IST_OFFSET_MIN) % 1440;
  const quiet = from > until ? m >= from || m < until : m >= from && m < until;
  if (!quiet) return now;
  const wait = (until - m + 1440) % 1440;
  const minuteStart = Math.floor(now.getTime() / 60_000) * 60_000;
  return new Date(minuteStart + wait * 60_000);
}

export const normalRecipient = (channel: Channel, to: string) =>
  channel === 'email' ? to.trim().toLowerCase() : to.replace(/\D/g, '').slice(-10);

/**
 * Settings, templates and opt-outs read once per transaction: a run that sends hundreds of
 * reminders asks for them once (the writers below drop the transaction's copy).
 */
const perTransaction = new WeakMap<Db, Map<string, unknown>>();
/** Drops what this transaction remembered (after a change to the settings or templates). */
export function forgetRemembered(tx: Db) {
  perTransaction.delete(tx);
}
async function once<T>(tx: Db, key: string, load: () => Promise<T>): Promise<T> {
  let cache = perTransaction.get(tx);
  if (!cache) {
    cache = new Map();
    perTransaction.set(tx, cache);
  }
  if (!cache.has(key)) cache.set(key, await load());
  return cache.get(key) as T;
}

export function settingsRow(tx: Db, instituteId: string) {
  return once(tx, `settings:${instituteId}`, async () => {
    const [row] = await tx
      .select()
      .from(messagingSettings)
      .where(eq(messagingSettings.instituteId, instituteId));
    return row;
  });
}

/** The active template of a key, or a 422 with its code: only registered templates are sent. */
export async function activeTemplate(tx: Db, instituteId: string, key: string): Promise<SmsTemplateRow> {
  const row = await once(tx, `template:${instituteId}:${key}`, async () => {
    const [found] = await tx
      .select()
      .from(smsTemplates)
      .where(
        and(
          eq(smsTemplates.instituteId, instituteId),
          eq(smsTemplates.key, key),
          eq(smsTemplates.active, true),
        ),
      );
    return found;
  });
  if (!row)
    throw httpError(422, MESSAGING_MESSAGES.templateNotRegistered, {
      template: MESSAGING_MESSAGES.templateNotRegistered,
    });
  return row;
}

/** The institute's opted-out guardians (a handful), read once per transaction. */
export async function optedOut(tx: Db, instituteId: string, guardianId: string | null | undefined) {
  if (!guardianId) return false;
  const ids = await once(tx, `opted-out:${instituteId}`, async () => {
    const rows = await tx
      .select({ guardianId: messagingOptOuts.guardianId })
      .from(messagingOptOuts)
      .where(and(eq(messagingOptOuts.instituteId, instituteId), eq(messagingOptOuts.optedOut, true)));
    return new Set(rows.map((r) => r.guardianId));
  });
  return ids.has(guardianId);
}

/**
 * THE way a module sends a message, in the transaction of the change that causes it: it records
 * the message (once per event, channel and recipient) and queues its delivery, so a rollback sends
 * nothing and a repeat sends nothing twice. SMS must name an active DLT template of the institute
 * (422 `messaging.templateNotRegistered` otherwise) and wait out the quiet hours; a guardian who
 * opted out is recorded as skipped.
 */
export async function sendMessage(tx: Db, message: OutboundMessage, now = new Date()): Promise<SendOutcome> {
  const [outcome] = await sendMessages(tx, [message], now);
  if (!outcome) throw new Error('message not recorded');
  return outcome;
}

/** Rows a statement inserts at most (PostgreSQL takes 65,535 parameters; a message has 14). */
const ROWS_PER_INSERT = 1_000;

/**
 * `sendMessage` for many at once (a reminder run's thousands): the same checks and outcomes, in
 * order, with the messages and their jobs written a thousand rows to a statement.
 */
export async function sendMessages(
  tx: Db,
  list: readonly OutboundMessage[],
  now = new Date(),
): Promise<SendOutcome[]> {
  const outcomes: SendOutcome[] = [];
  for (let start = 0; start < list.length; start += ROWS_PER_INSERT) {
    const chunk = list.slice(start, start + ROWS_PER_INSERT);
    const rows = [];
    for (const message of chunk) rows.push(await messageRow(tx, message, now));
    const inserted = await tx
      .insert(messages)
      .values(rows.map((r) => r.values))
      .onConflictDoNothing()
      .returning({
        id: messages.id,
        key: sql<string>`${messages.eventKey} || ' ' || ${messages.channel} || ' ' || ${messages.recipient}`,
      });
    const ids = new Map(inserted.map((r) => [r.key, r.id]));
    const toQueue: { id: string; runAt: Date; instituteId: string }[] = [];
    for (const { values } of rows) {
      const key = `${values.eventKey} ${values.channel} ${values.recipient}`;
      const id = ids.get(key);
      // A key met before (in the table, or earlier in this list) is a repeat: nothing is queued.
      ids.delete(key);
      if (!id) outcomes.push({ id: null, status: 'repeated' });
      else if (values.status === 'skipped') outcomes.push({ id, status: 'skipped' });
      else {
        outcomes.push({ id, status: 'queued' });
        toQueue.push({ id, runAt: values.runAt, instituteId: values.instituteId });
      }
    }
    await enqueueJobs(
      tx,
      toQueue.map((m) => ({
        kind: MESSAGE_JOB,
        instituteId: m.instituteId,
        userId: null,
        payload: { message_id: m.id },
        maxAttempts: MESSAGE_ATTEMPTS,
        runAt: m.runAt,
      })),
    );
  }
  return outcomes;
}

/** A message's row: SMS filled from its active template, held past quiet hours; skipped if opted out. */
async function messageRow(tx: Db, message: OutboundMessage, now: Date) {
  const { instituteId } = message;
  let content: Partial<typeof messages.$inferInsert> & { body: string };
  let runAt = now;
  if (message.channel === 'sms') {
    const template = await activeTemplate(tx, instituteId, message.template);
    const settings = await settingsRow(tx, instituteId);
    if (!settings) throw httpError(422, MESSAGING_MESSAGES.smsNotConfigured);
    const body = fillTemplate(template.text, message.params);
    if (body === null) throw httpError(422, MESSAGING_MESSAGES.templateParams);
    runAt = afterQuietHours(now, settings);
    content = {
      body,
      templateKey: template.key,
      dltTemplateId: template.dltTemplateId,
      dltEntityId: settings.dltEntityId,
      senderHeader: settings.senderHeader,
    };
  } else {
    content = { subject: message.subject, body: message.text };
  }
  const skipped = await optedOut(tx, instituteId, message.guardianId);
  return {
    values: {
      ...content,
      instituteId,
      eventKey: message.eventKey,
      channel: message.channel,
      recipient: normalRecipient(message.channel, message.to),
      recipientName: message.recipientName ?? null,
      guardianId: message.guardianId ?? null,
      status: skipped ? ('skipped' as const) : ('queued' as const),
      statusNote: skipped ? 'opted out' : null,
      runAt,
    },
  };
}

/**
 * The worker's side: delivers one message. Email goes through sendMail (SMTP, or the outbox in
 * development). SMS go to the gateway when SMS_API_KEY is set, in batches of the institute's due
 * SMS (sms.batch.ts); otherwise into the outbox beside the mail. A refusal by the gateway, or the
 * last attempt, marks it failed.
 */
export const messageJob: ModuleJob = {
  kind: MESSAGE_JOB,
  run: async (job, app) => {
    const db = app.database.db;
    const id = String(job.payload.message_id);
    const where = and(eq(messages.instituteId, job.instituteId), eq(messages.id, id));
    const [row] = await scopedJob(db, job, (tx) => tx.select().from(messages).where(where));
    if (row?.status !== 'queued') return { skipped: true };
    const gateway = gatewayOf(app.config);
    if (row.channel === 'sms' && gateway) return sendBatch(db, gateway, job, row, MESSAGE_ATTEMPTS);
    try {
      await deliver(app, row);
      await scopedJob(db, job, (tx) =>
        tx.update(messages).set({ status: 'sent', sentAt: new Date(), statusNote: null }).where(where),
      );
      return { sent: row.recipient };
    } catch (error) {
      const note = error instanceof Error ? error.message : String(error);
      const final = job.attempt >= MESSAGE_ATTEMPTS;
      await scopedJob(db, job, (tx) =>
        tx
          .update(messages)
          .set(final ? { status: 'failed', statusNote: note } : { statusNote: note })
          .where(where),
      );
      if (final) throw new PermanentJobError(note);
      throw error;
    }
  },
};

/** Email, or an SMS when no gateway is configured (the development outbox: the platform's, no institute's). */
async function deliver(app: FastifyInstance, row: MessageRow) {
  if (row.channel === 'email') {
    await sendMail(app, { to: row.recipient, subject: row.subject ?? '', text: row.body });
    return;
  }
  await app.database.db.insert(outbox).values({
    to: row.recipient,
    subject: `SMS from ${row.senderHeader} · DLT template ${row.dltTemplateId} · entity ${row.dltEntityId}`,
    text: row.body,
    channel: 'sms',
  });
}
