import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type DeliveryOutcome,
  type DeliveryReportQuery,
  MESSAGING_MESSAGES,
} from '@schooliko/common/messaging';
import { and, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { ModuleJob } from '../../kit/module';
import { scopedJob } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { enqueueJob, jobs } from '../jobs';
import { messages } from './messaging.table';
import { fetchDeliveryReports, gatewayOf, type SmsGatewayConfig } from './sms.gateway';

/**
 * What happened to an SMS after the gateway took it: its delivery report, pushed by the gateway
 * to our callback (`GET /api/messaging/sms/delivery-reports?token=…`) or, for what no push told,
 * pulled from it by a periodic job. Either way a report moves a `sent` message to `delivered` or
 * `undelivered` once; a repeated or late report changes nothing.
 */

/** The pull runs this long after a send, and again while reports are missing. */
export const PULL_EVERY_MS = 30 * 60_000;
/** A message is asked about once it has been sent this long (the push usually came first)… */
const PULL_AFTER_MS = 15 * 60_000;
/** …and no longer after this: the operators keep delivery reports for about three days. */
const PULL_WITHIN_MS = 72 * 3600_000;
/** Gateway jobs asked about in one run (each one call). */
const PULL_JOBS_PER_RUN = 50;
export const PULL_JOB = 'messaging.delivery-reports';

/**
 * A gateway status as our outcome. Pushes speak SMPP's words (DELIVRD, UNDELIV, EXPIRED,
 * REJECTD, …), the pull API plain ones (Delivered, Undelivered, Submitted to carrier, …); what is
 * neither final word is still in transit.
 */
export function outcomeOf(status: string): 'delivered' | 'undelivered' | 'pending' {
  const word = status.trim().toUpperCase();
  if (word === 'DELIVRD' || word === 'DELIVERED') return 'delivered';
  if (/^(UNDELIV|UNDELIVERED|EXPIRED|REJECTD|REJECTED|DELETED|FAILED|DND|BLOCKED)/.test(word))
    return 'undelivered';
  return 'pending';
}

/** The gateway's "yyyy-mm-dd hh:mm:ss", India time; anything else (or nothing) is now. */
export function reportTime(text: string | null | undefined, now = new Date()): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text?.trim() ?? '');
  if (!m) return now;
  const at = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}+05:30`);
  return Number.isNaN(at.getTime()) ? now : at;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The callback's secret, compared in constant time; 401 with its code otherwise. */
export function assertReportToken(config: Config, token: string) {
  if (!config.SMS_DLR_TOKEN) throw httpError(401, MESSAGING_MESSAGES.dlrNotConfigured);
  if (!timingSafeEqual(digest(token), digest(config.SMS_DLR_TOKEN)))
    throw httpError(401, MESSAGING_MESSAGES.dlrTokenInvalid);
}

type Report = { providerRef: string; status: string; doneAt?: string | null; errorCode?: string | null };

/**
 * Records one report. Without `instituteId` (the push) the message is found across institutes by
 * the gateway's MessageId alone, and only when exactly one message carries it; it is then changed
 * by its (institute, id). Only a `sent` message changes: a second report finds nothing to do.
 */
export async function recordReport(db: Db, report: Report, instituteId?: string): Promise<DeliveryOutcome> {
  const found = await db
    .select({ instituteId: messages.instituteId, id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.providerRef, report.providerRef),
        eq(messages.channel, 'sms'),
        instituteId ? eq(messages.instituteId, instituteId) : undefined,
      ),
    )
    .limit(2);
  const [message] = found;
  if (!message || found.length > 1) return 'unknown';
  const outcome = outcomeOf(report.status);
  if (outcome === 'pending') return 'pending';
  const error = report.errorCode?.trim();
  const reason = `${report.status.trim()}${error && !/^0+$/.test(error) ? ` (error ${error})` : ''}`;
  const changed = await db
    .update(messages)
    .set(
      outcome === 'delivered'
        ? { status: 'delivered', deliveredAt: reportTime(report.doneAt), statusNote: null }
        : { status: 'undelivered', statusNote: reason },
    )
    .where(
      and(
        eq(messages.instituteId, message.instituteId),
        eq(messages.id, message.id),
        eq(messages.status, 'sent'),
      ),
    )
    .returning({ id: messages.id });
  return changed.length ? outcome : 'repeated';
}

/**
 * The push: the gateway calls our URL with the report's placeholders filled in. A MessageId we
 * do not know (yet: the report can overtake the recording of the send) is a 404.
 */
export async function receiveReport(app: FastifyInstance, query: DeliveryReportQuery) {
  assertReportToken(app.config, query.token);
  // On the owner role: the gateway names only its MessageId, so the message is looked for across
  // institutes (recordReport changes it by its own institute and id).
  const outcome = await recordReport(app.database.db, {
    providerRef: query.messageid,
    status: query.status,
    doneAt: query.donedate,
    errorCode: query.errorcode,
  });
  if (outcome === 'unknown') throw httpError(404, MESSAGING_MESSAGES.dlrMessageUnknown);
  return outcome;
}

/** Keeps one pull queued for the institute (after a send), unless one already is. */
export async function ensurePull(db: Db, instituteId: string, now = new Date()) {
  const [queued] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.instituteId, instituteId), eq(jobs.kind, PULL_JOB), eq(jobs.status, 'queued')))
    .limit(1);
  if (queued) return queued.id;
  return enqueueJob(db, {
    kind: PULL_JOB,
    instituteId,
    userId: null,
    payload: {},
    runAt: new Date(now.getTime() + PULL_EVERY_MS),
  });
}

/**
 * The pull: asks the gateway about the institute's SMS still `sent` a while after sending, one
 * call per gateway job, and records what it answers. While some are still waiting (in transit,
 * or too recent to ask) it queues the next run; past three days a message stays `sent`.
 */
export async function pullReports(db: Db, gateway: SmsGatewayConfig, instituteId: string, now = new Date()) {
  const job = { instituteId };
  const waiting = and(
    eq(messages.instituteId, instituteId),
    eq(messages.status, 'sent'),
    eq(messages.channel, 'sms'),
    isNotNull(messages.providerJob),
    gte(messages.sentAt, new Date(now.getTime() - PULL_WITHIN_MS)),
  );
  const due = await scopedJob(db, job, (tx) =>
    tx
      .selectDistinct({ providerJob: messages.providerJob })
      .from(messages)
      .where(and(waiting, lte(messages.sentAt, new Date(now.getTime() - PULL_AFTER_MS))))
      .limit(PULL_JOBS_PER_RUN),
  );
  const tally = { asked: due.length, delivered: 0, undelivered: 0 };
  for (const { providerJob } of due) {
    if (!providerJob) continue;
    for (const report of await fetchDeliveryReports(gateway, providerJob)) {
      const outcome = await scopedJob(db, job, (tx) => recordReport(tx, report, instituteId));
      if (outcome === 'delivered' || outcome === 'undelivered') tally[outcome]++;
    }
  }
  const [still] = await scopedJob(db, job, (tx) =>
    tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(messages)
      .where(waiting),
  );
  if (still?.n) await scopedJob(db, job, (tx) => ensurePull(tx, instituteId, now));
  return { ...tally, waiting: still?.n ?? 0 };
}

export const pullJob: ModuleJob = {
  kind: PULL_JOB,
  run: async (job, app) => {
    const gateway = gatewayOf(app.config);
    if (!gateway) return { skipped: true };
    return pullReports(app.database.db, gateway, job.instituteId);
  },
};
