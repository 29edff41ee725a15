import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scopedJob } from '../../kit/scope';
import { PermanentJobError } from '../jobs';
import type { JobContext } from '../jobs/jobs.service';
import { type MessageRow, messages } from './messaging.table';
import { ensurePull } from './sms.delivery';
import {
  dataCoding,
  SMS_BATCH_LIMIT,
  type SmsGatewayConfig,
  type SmsOutcome,
  SmsRefused,
  type SmsRequest,
  sendSms,
  sendSmsBulk,
} from './sms.gateway';

/**
 * SMS to the gateway in batches. Each message still has its own `messaging.send` job (queued with
 * it, held through quiet hours); the first of an institute's jobs to run claims up to 100 of the
 * institute's SMS that are due (its own first) with FOR UPDATE SKIP LOCKED, marking them with its
 * job id, and sends them in one bulk call per sender header, entity and coding. The jobs of the
 * messages it carried find them claimed or sent and do nothing. A retry of the job claims its own
 * messages again, so a worker that died mid-batch leaves none behind; the unique index on
 * messages still means one row, one send, per event.
 *
 * A refusal of a whole bulk request of several messages is not taken as each one's: they are
 * sent one by one, so one bad number fails alone.
 */

/** Claims the institute's due SMS for this job: its own message first, then the oldest due. */
export async function claimBatch(db: Db, instituteId: string, jobId: string, firstId: string) {
  return db
    .update(messages)
    .set({ batchJob: jobId })
    .where(
      sql`(${messages.instituteId}, ${messages.id}) in (
        select institute_id, id from ${messages}
        where institute_id = ${instituteId} and status = 'queued' and channel = 'sms'
          and run_at <= now() and (batch_job is null or batch_job = ${jobId})
        order by (id = ${firstId}) desc, run_at, id
        limit ${SMS_BATCH_LIMIT} for update skip locked)`,
    )
    .returning();
}

const requestOf = (row: MessageRow): SmsRequest => ({
  to: row.recipient,
  text: row.body,
  senderHeader: row.senderHeader ?? '',
  dltEntityId: row.dltEntityId ?? '',
  dltTemplateId: row.dltTemplateId ?? '',
});

/** Writes each message's outcome as soon as its call has answered (in the job's scope). */
async function record(tx: Db, rows: readonly MessageRow[], outcomes: readonly SmsOutcome[]) {
  const sentAt = new Date();
  for (const [i, row] of rows.entries()) {
    const outcome = outcomes[i];
    if (!outcome) continue;
    const where = and(
      eq(messages.instituteId, row.instituteId),
      eq(messages.id, row.id),
      eq(messages.status, 'queued'),
    );
    await tx
      .update(messages)
      .set(
        'refused' in outcome
          ? { status: 'failed', statusNote: outcome.refused.message }
          : {
              status: 'sent',
              sentAt,
              providerRef: outcome.providerRef,
              providerJob: outcome.providerJob,
              statusNote: null,
            },
      )
      .where(where);
  }
}

async function one(gateway: SmsGatewayConfig, row: MessageRow): Promise<SmsOutcome> {
  try {
    return await sendSms(gateway, requestOf(row));
  } catch (error) {
    if (error instanceof SmsRefused) return { refused: error };
    throw error;
  }
}

/** One bulk call for rows that share a sender header, entity and coding; one by one if it is refused whole. */
async function sendGroup(db: Db, job: JobContext, gateway: SmsGatewayConfig, rows: readonly MessageRow[]) {
  const recordNow = (sent: readonly MessageRow[], outcomes: readonly SmsOutcome[]) =>
    scopedJob(db, job, (tx) => record(tx, sent, outcomes));
  let outcomes: SmsOutcome[];
  try {
    outcomes = await sendSmsBulk(gateway, rows.map(requestOf));
  } catch (error) {
    if (!(error instanceof SmsRefused)) throw error;
    if (rows.length === 1) outcomes = [{ refused: error }];
    else {
      for (const row of rows) await recordNow([row], [await one(gateway, row)]);
      return;
    }
  }
  await recordNow(rows, outcomes);
}

/** The job's work for an SMS when a gateway is configured: its batch, sent and recorded. */
export async function sendBatch(
  db: Db,
  gateway: SmsGatewayConfig,
  job: JobContext,
  first: MessageRow,
  attempts: number,
) {
  const batch = await scopedJob(db, job, (tx) => claimBatch(tx, job.instituteId, job.id, first.id));
  if (!batch.length) return { batched: false, sent: 0 };
  const groups = new Map<string, MessageRow[]>();
  for (const row of batch) {
    const key = [row.senderHeader, row.dltEntityId, dataCoding(row.body)].join('|');
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  try {
    for (const rows of groups.values()) await sendGroup(db, job, gateway, rows);
  } catch (error) {
    // The gateway could not be asked: what this job still holds waits for its retry, or fails
    // with the reason on the last attempt.
    const note = error instanceof Error ? error.message : String(error);
    const final = job.attempt >= attempts;
    await scopedJob(db, job, (tx) =>
      tx
        .update(messages)
        .set(final ? { status: 'failed', statusNote: note } : { statusNote: note })
        .where(
          and(
            eq(messages.instituteId, job.instituteId),
            eq(messages.batchJob, job.id),
            eq(messages.status, 'queued'),
            inArray(
              messages.id,
              batch.map((r) => r.id),
            ),
          ),
        ),
    );
    if (final) throw new PermanentJobError(note);
    throw error;
  }
  await scopedJob(db, job, (tx) => ensurePull(tx, job.instituteId));
  return { batched: batch.length > 1, sent: batch.length };
}
