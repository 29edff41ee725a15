import {
  MESSAGING_MESSAGES,
  type Message,
  type MessageQuery,
  type MessagingSettings,
  type MessagingSettingsInput,
  type SmsTemplate,
  type SmsTemplateInput,
  variablesIn,
} from '@schooliko/common/messaging';
import { GUARDIAN_MESSAGES } from '@schooliko/common/people/guardians';
import { and, asc, desc, eq, like, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { provider } from '../../kit/hooks';
import { listPage, searchIn, totalRows } from '../../kit/list-page';
import type { Actor } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { recordChange } from '../audit';
import { forgetRemembered, optedOut, settingsRow } from './messaging.service';
import {
  type MessageRow,
  messages,
  messagingOptOuts,
  messagingSettings,
  type SmsTemplateRow,
  smsTemplates,
} from './messaging.table';

/** The Messages screen: settings, DLT templates, the send log and guardians' opt-outs. */

export async function readSettings(tx: Db, actor: Actor, smsProvider: boolean): Promise<MessagingSettings> {
  const row = await settingsRow(tx, actor.institute.id);
  return {
    dlt_entity_id: row?.dltEntityId ?? '',
    sender_header: row?.senderHeader ?? '',
    quiet_hours: row?.quietHours ?? true,
    quiet_from: row?.quietFrom ?? '21:00',
    quiet_until: row?.quietUntil ?? '08:00',
    provider: smsProvider ? 'gateway' : 'outbox',
    configured: !!row,
  };
}

export async function saveSettings(tx: Db, actor: Actor, input: MessagingSettingsInput) {
  forgetRemembered(tx);
  const set = {
    dltEntityId: input.dlt_entity_id,
    senderHeader: input.sender_header,
    quietHours: input.quiet_hours,
    quietFrom: input.quiet_from,
    quietUntil: input.quiet_until,
  };
  await tx
    .insert(messagingSettings)
    .values({ instituteId: actor.institute.id, ...set })
    .onConflictDoUpdate({ target: [messagingSettings.instituteId], set });
}

const toTemplate = (row: SmsTemplateRow): SmsTemplate => ({
  id: row.id,
  key: row.key,
  name: row.name,
  dlt_template_id: row.dltTemplateId,
  text: row.text,
  variables: variablesIn(row.text),
  active: row.active,
  created_at: row.createdAt.toISOString(),
});

/** Active templates first, then the deactivated ones, newest first (a school has a handful). */
export async function listTemplates(tx: Db, actor: Actor): Promise<SmsTemplate[]> {
  const rows = await tx
    .select()
    .from(smsTemplates)
    .where(eq(smsTemplates.instituteId, actor.institute.id))
    .orderBy(desc(smsTemplates.active), desc(smsTemplates.createdAt))
    .limit(200);
  return rows.map(toTemplate);
}

export async function addTemplate(tx: Db, actor: Actor, input: SmsTemplateInput): Promise<SmsTemplate> {
  forgetRemembered(tx);
  const [taken] = await tx
    .select({ id: smsTemplates.id })
    .from(smsTemplates)
    .where(
      and(
        eq(smsTemplates.instituteId, actor.institute.id),
        eq(smsTemplates.key, input.key),
        eq(smsTemplates.active, true),
      ),
    );
  if (taken)
    throw httpError(409, MESSAGING_MESSAGES.templateKeyTaken, { key: MESSAGING_MESSAGES.templateKeyTaken });
  const [row] = await tx
    .insert(smsTemplates)
    .values({
      instituteId: actor.institute.id,
      key: input.key,
      name: input.name,
      dltTemplateId: input.dlt_template_id,
      text: input.text,
    })
    .returning();
  if (!row) throw new Error('template not added');
  return toTemplate(row);
}

export async function deactivateTemplate(tx: Db, actor: Actor, id: string): Promise<SmsTemplate> {
  forgetRemembered(tx);
  const [row] = await tx
    .update(smsTemplates)
    .set({ active: false })
    .where(and(eq(smsTemplates.instituteId, actor.institute.id), eq(smsTemplates.id, id)))
    .returning();
  if (!row) throw httpError(404, MESSAGING_MESSAGES.templateNotFound);
  return toTemplate(row);
}

const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  event_key: row.eventKey,
  channel: row.channel,
  recipient: row.recipient,
  recipient_name: row.recipientName,
  subject: row.subject,
  body: row.body,
  template_key: row.templateKey,
  status: row.status,
  status_note: row.statusNote,
  run_at: row.runAt.toISOString(),
  sent_at: row.sentAt?.toISOString() ?? null,
  delivered_at: row.deliveredAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/** The send log, newest first; `event` narrows it to one kind of event ("fee-"). */
export async function listMessages(tx: Db, actor: Actor, query: MessageQuery) {
  const conditions: (SQL | undefined)[] = [
    eq(messages.instituteId, actor.institute.id),
    query.channel ? eq(messages.channel, query.channel) : undefined,
    query.status ? eq(messages.status, query.status) : undefined,
    query.event ? like(messages.eventKey, `${query.event}%`) : undefined,
    searchIn(query.search, [messages.recipient, messages.recipientName, messages.body]),
  ];
  const where = and(...conditions);
  const dir = query.order === 'asc' ? asc : desc;
  return listPage({
    page: query.page,
    limit: query.limit,
    rows: (limit, offset) =>
      tx
        .select({ row: messages, total: totalRows })
        .from(messages)
        .where(where)
        .orderBy(dir(messages.createdAt), dir(messages.id))
        .limit(limit)
        .offset(offset),
    countAll: async () => (await tx.$count(messages, where)) as number,
    toItem: ({ row }) => toMessage(row),
  });
}

/** A guardian's opt-out from every message, recorded on the guardian's history. */
export async function setOptOut(tx: Db, actor: Actor, guardianId: string, opted: boolean) {
  const exists = await provider('messaging.guardianExists')?.(tx, actor.institute.id, guardianId);
  if (!exists) throw httpError(404, GUARDIAN_MESSAGES.notFound);
  forgetRemembered(tx);
  const before = await optedOut(tx, actor.institute.id, guardianId);
  await tx
    .insert(messagingOptOuts)
    .values({ instituteId: actor.institute.id, guardianId, optedOut: opted })
    .onConflictDoUpdate({
      target: [messagingOptOuts.instituteId, messagingOptOuts.guardianId],
      set: { optedOut: opted, updatedAt: new Date() },
    });
  await recordChange(tx, actor, {
    entity: 'guardian',
    entityId: guardianId,
    action: 'messaging-opt-out',
    before: { messages_opted_out: before },
    after: { messages_opted_out: opted },
  });
  return { guardian_id: guardianId, opted_out: opted };
}
