import { z } from 'zod';
import { pageQuery } from './kit/lists';
import { defineMessages, type Message as Text } from './messages';

/**
 * The messaging channel (issue 13 item 6): one outbound service for email and SMS. SMS in India
 * go only through DLT-registered templates: the institute's entity (PE) id, its 6-letter sender
 * header, and per template the DLT template id and its text with {#var#} placeholders.
 */
export const MESSAGING_MESSAGES = defineMessages('messaging', {
  settingsSaved: 'Messaging settings saved',
  templateAdded: 'SMS template added',
  templateDeactivated: 'SMS template deactivated',
  templateNotFound: 'SMS template not found',
  templateNotRegistered: 'This SMS template is not registered or not active',
  templateKeyTaken: 'An active template with this key already exists',
  templateParams: 'The values do not match the template’s variables',
  templateNoVariables: 'Write the registered text with its {#var#} placeholders',
  keyInvalid: 'Use small letters, digits and - only (up to 40 characters)',
  entityIdInvalid: 'The DLT entity (PE) id is 12 to 19 digits',
  templateIdInvalid: 'The DLT template id is 12 to 19 digits',
  headerInvalid: 'The sender header is 6 capital letters',
  timeInvalid: 'Use a time like 21:00',
  smsNotConfigured: 'Save the DLT entity id and sender header before sending SMS',
  optOutSaved: 'Messaging preference saved',
  dlrNotConfigured: 'Delivery reports are not accepted on this server (SMS_DLR_TOKEN is not set)',
  dlrTokenInvalid: 'The delivery report token is missing or wrong',
  dlrMessageUnknown: 'No SMS was sent with this message id',
} as const);

export const CHANNELS = ['email', 'sms'] as const;
export type Channel = (typeof CHANNELS)[number];
/**
 * queued → sent (the gateway took it) → delivered / undelivered (the handset's delivery report,
 * pushed by the gateway or pulled from it); failed: refused or given up; skipped: opted out.
 */
export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'undelivered', 'failed', 'skipped'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A DLT template's variable placeholder: {#var#} (also {#numeric#}, {#url#}, … as registered). */
export const DLT_VARIABLE = /\{#[a-z]+#\}/gi;
export const variablesIn = (text: string) => text.match(DLT_VARIABLE)?.length ?? 0;

/** Fills a registered text's placeholders in order; null when the count differs. */
export function fillTemplate(text: string, params: readonly string[]): string | null {
  if (variablesIn(text) !== params.length) return null;
  let i = 0;
  return text.replace(DLT_VARIABLE, () => params[i++] ?? '');
}

const digits = (min: number, max: number, message: Text) =>
  z
    .string()
    .trim()
    .refine((v) => new RegExp(`^\\d{${min},${max}}$`).test(v), message);
const time = z
  .string()
  .trim()
  .refine((v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v), MESSAGING_MESSAGES.timeInvalid);

export const messagingSettingsInput = z.object({
  dlt_entity_id: digits(12, 19, MESSAGING_MESSAGES.entityIdInvalid),
  sender_header: z
    .string()
    .trim()
    .refine((v) => /^[A-Z]{6}$/.test(v), MESSAGING_MESSAGES.headerInvalid),
  quiet_hours: z.boolean().default(true),
  quiet_from: time.default('21:00'),
  quiet_until: time.default('08:00'),
});
export type MessagingSettingsInput = z.output<typeof messagingSettingsInput>;
export const messagingSettingsSchema = z.object({
  /** Empty until saved. */
  dlt_entity_id: z.string(),
  sender_header: z.string(),
  quiet_hours: z.boolean(),
  quiet_from: z.string(),
  quiet_until: z.string(),
  /** Whether SMS leave through the provider (SMS_API_KEY set) or land in the development outbox. */
  provider: z.enum(['gateway', 'outbox']),
  configured: z.boolean(),
});
export type MessagingSettings = z.output<typeof messagingSettingsSchema>;

export const smsTemplateInput = z.object({
  key: z
    .string()
    .trim()
    .refine((v) => /^[a-z0-9-]{2,40}$/.test(v), MESSAGING_MESSAGES.keyInvalid),
  name: z.string().trim().min(1).max(80),
  dlt_template_id: digits(12, 19, MESSAGING_MESSAGES.templateIdInvalid),
  text: z
    .string()
    .trim()
    .min(1)
    .max(1000)
    .refine((v) => variablesIn(v) > 0, MESSAGING_MESSAGES.templateNoVariables),
});
export type SmsTemplateInput = z.output<typeof smsTemplateInput>;
export const smsTemplateSchema = smsTemplateInput.extend({
  id: z.uuid(),
  variables: z.number().int(),
  active: z.boolean(),
  created_at: z.string(),
});
export type SmsTemplate = z.output<typeof smsTemplateSchema>;

export const messageQuery = pageQuery.extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  channel: z.enum(CHANNELS).optional(),
  status: z.enum(MESSAGE_STATUSES).optional(),
  /** Messages whose event key starts with this ("fee-reminder"). */
  event: z
    .string()
    .trim()
    .max(40)
    .refine((v) => /^[a-z0-9-]*$/.test(v), MESSAGING_MESSAGES.keyInvalid)
    .optional(),
});
export type MessageQuery = z.output<typeof messageQuery>;

export const messageSchema = z.object({
  id: z.uuid(),
  event_key: z.string(),
  channel: z.enum(CHANNELS),
  recipient: z.string(),
  recipient_name: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string(),
  template_key: z.string().nullable(),
  status: z.enum(MESSAGE_STATUSES),
  status_note: z.string().nullable(),
  run_at: z.string(),
  sent_at: z.string().nullable(),
  /** When the handset got it (the gateway's delivery report); null until then. */
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type Message = z.output<typeof messageSchema>;

/**
 * The SMS gateway's push delivery report (a GET to the URL configured in its panel). `token` is
 * the server's SMS_DLR_TOKEN, written into that URL; the rest are the gateway's placeholders: its
 * MessageId, the status (DELIVRD, UNDELIV, EXPIRED, REJECTD, …), the done time and error code.
 */
const reportText = (max: number) => z.string().trim().max(max);
export const deliveryReportQuery = z.object({
  token: z.string().max(200).default(''),
  messageid: reportText(100).min(1),
  status: reportText(40).min(1),
  donedate: reportText(40).optional(),
  errorcode: reportText(20).optional(),
  mobile: reportText(20).optional(),
});
export type DeliveryReportQuery = z.output<typeof deliveryReportQuery>;
/**
 * What a report did: a final state recorded, nothing yet (in transit), already recorded, or no
 * such message (the push answers that 404, so a gateway that retries comes back once the send
 * has been recorded).
 */
export const DELIVERY_OUTCOMES = ['delivered', 'undelivered', 'pending', 'repeated', 'unknown'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];
export const deliveryReportAnswer = z.object({ outcome: z.enum(DELIVERY_OUTCOMES) });

export const optOutInput = z.object({ opted_out: z.boolean() });
export const optOutSchema = z.object({ guardian_id: z.uuid(), opted_out: z.boolean() });
