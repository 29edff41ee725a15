import type { Channel, MessageStatus } from '@schooliko/common/messaging';
import { sql } from 'drizzle-orm';
import { boolean, index, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/** The institute's DLT registration (entity id, sender header) and its quiet hours (IST). */
export const messagingSettings = tenantTable(
  'messaging_settings',
  {
    dltEntityId: text('dlt_entity_id').notNull(),
    senderHeader: text('sender_header').notNull(),
    quietHours: boolean('quiet_hours').notNull().default(true),
    quietFrom: text('quiet_from').notNull().default('21:00'),
    quietUntil: text('quiet_until').notNull().default('08:00'),
  },
  (t) => [uniqueIndex('messaging_settings_idx').on(t.instituteId)],
);

/**
 * A DLT-registered SMS template: the id the operator gave it and its exact text with {#var#}
 * placeholders. Modules send by `key` ("fee-reminder"); one active template per key. A template is
 * deactivated, never deleted (the log points to it).
 */
export const smsTemplates = tenantTable(
  'sms_templates',
  {
    key: text('key').notNull(),
    name: text('name').notNull(),
    dltTemplateId: text('dlt_template_id').notNull(),
    text: text('text').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sms_templates_active_key_idx').on(t.instituteId, t.key).where(sql`${t.active}`),
    index('sms_templates_created_idx').on(t.instituteId, t.createdAt),
  ],
);
export type SmsTemplateRow = typeof smsTemplates.$inferSelect;

/**
 * Every outbound message, one row per event, channel and recipient: the unique index makes "never
 * twice for the same event" hold by construction (the insert does nothing, and no job is queued).
 * SMS rows keep the DLT data they were sent with.
 */
export const messages = tenantTable(
  'messages',
  {
    eventKey: text('event_key').notNull(),
    channel: text('channel').$type<Channel>().notNull(),
    recipient: text('recipient').notNull(),
    recipientName: text('recipient_name'),
    guardianId: uuid('guardian_id'),
    subject: text('subject'),
    body: text('body').notNull(),
    templateKey: text('template_key'),
    dltTemplateId: text('dlt_template_id'),
    dltEntityId: text('dlt_entity_id'),
    senderHeader: text('sender_header'),
    status: text('status').$type<MessageStatus>().notNull().default('queued'),
    /** Why it was skipped, failed or not delivered (the gateway's reason). */
    statusNote: text('status_note'),
    /** The gateway's MessageId: what its delivery reports name. */
    providerRef: text('provider_ref'),
    /** The gateway's JobId of the call that sent it: what its pull API is asked by. */
    providerJob: text('provider_job'),
    /** The `messaging.send` job carrying it in a batch to the gateway (sms.batch.ts). */
    batchJob: uuid('batch_job'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_event_idx').on(t.instituteId, t.eventKey, t.channel, t.recipient),
    index('messages_created_idx').on(t.instituteId, t.createdAt),
    // A batch claims the institute's due SMS; the pull asks about those sent and not yet reported.
    index('messages_queued_idx').on(t.instituteId, t.runAt).where(sql`${t.status} = 'queued'`),
    index('messages_sent_idx').on(t.instituteId, t.sentAt).where(sql`${t.status} = 'sent'`),
    // A pushed delivery report names only the gateway's MessageId, which is global: the callback
    // finds its message across institutes by that alone (the platform's lookup, like the jobs'
    // claim), then changes it by (institute_id, id).
    index('messages_provider_ref_idx').on(t.providerRef).where(sql`${t.providerRef} is not null`),
  ],
);
export type MessageRow = typeof messages.$inferSelect;

/** A guardian who asked for no messages (audited on the guardian's history). */
export const messagingOptOuts = tenantTable(
  'messaging_opt_outs',
  {
    guardianId: uuid('guardian_id').notNull(),
    optedOut: boolean('opted_out').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('messaging_opt_outs_idx').on(t.instituteId, t.guardianId)],
);
