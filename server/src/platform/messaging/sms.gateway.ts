import type { Config } from '../../config';
/**
 * SMSGatewayHub's HTTP API (www.smsgatewayhub.com/api/mt/SendSMS), as documented: a GET with the
 * API key, the DLT-approved 6-letter sender id, channel 2 (transactional), the coding (0 plain, 8
 * Unicode for Hindi and Marathi), the number, the text, the route, and the DLT `EntityId` and
 * `dlttemplateid`. It answers JSON: ErrorCode "000" and ErrorMessage "Done" with a JobId and the
 * MessageData of each number; any other code is a refusal.
 *
 * Two more of its APIs, modelled on what its developer page names (JSON POST, delivery reports)
 * and on the public integrations that call them, since the full reference was not found:
 * - the JSON bulk API, `POST <origin>/RestAPI/MT.svc/mt` with `{ Account: { APIKey, SenderId,
 *   Channel, DCS, Route, EntityId, … }, Messages: [{ Number, Text, DLTTemplateId }] }`, answered
 *   like SendSMS with one MessageData entry per message, in order (its manual: up to 100 numbers
 *   a request);
 * - the delivery report pull, `GET <…>/api/mt/GetDelivery?APIKey=…&jobid=…`, answering
 *   `{ ErrorCode, ErrorMessage, DeliveryReports: [{ MessageId, Number, DeliveryStatus, DeliveryDate }] }`.
 */
export type SmsRequest = {
  to: string;
  text: string;
  senderHeader: string;
  dltEntityId: string;
  dltTemplateId: string;
};
export type SmsGatewayConfig = { url: string; apiKey: string; route: string };
/** The gateway the app's settings name, or null when SMS_API_KEY is unset (SMS go to the outbox). */
export const gatewayOf = (config: Pick<Config, 'SMS_API_KEY' | 'SMS_GATEWAY_URL' | 'SMS_ROUTE'>) =>
  config.SMS_API_KEY
    ? { url: config.SMS_GATEWAY_URL, apiKey: config.SMS_API_KEY, route: config.SMS_ROUTE }
    : null;
export type SmsSent = { providerRef: string; providerJob: string | null };
/** One message's outcome in a bulk call: taken (its MessageId), or refused on its own. */
export type SmsOutcome = SmsSent | { refused: SmsRefused };

/** The most numbers one bulk request may carry (the gateway's manual: 100). */
export const SMS_BATCH_LIMIT = 100;

export class SmsRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`SMS gateway refused (${code}): ${message}`);
  }
}

/** India's numbers with the country code, as the gateway takes them: 91 and ten digits. */
export const gatewayNumber = (mobile: string) => `91${mobile.replace(/\D/g, '').slice(-10)}`;
// biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is the plain coding
export const dataCoding = (text: string) => (/^[\x00-\x7f]*$/.test(text) ? '0' : '8');

type MessageData = { Number?: string; MessageId?: string; ErrorCode?: string; ErrorMessage?: string };
type GatewayAnswer = {
  ErrorCode?: string;
  ErrorMessage?: string;
  JobId?: string;
  MessageData?: MessageData[];
};

async function answerOf<T extends { ErrorCode?: string; ErrorMessage?: string }>(response: Response) {
  if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
  const answer = (await response.json()) as T;
  if (answer.ErrorCode !== '000') throw new SmsRefused(answer.ErrorCode ?? '?', answer.ErrorMessage ?? '');
  return answer;
}

export async function sendSms(config: SmsGatewayConfig, sms: SmsRequest): Promise<SmsSent> {
  const url = new URL(config.url);
  const params: Record<string, string> = {
    APIKey: config.apiKey,
    senderid: sms.senderHeader,
    channel: '2',
    DCS: dataCoding(sms.text),
    flashsms: '0',
    number: gatewayNumber(sms.to),
    text: sms.text,
    route: config.route,
    EntityId: sms.dltEntityId,
    dlttemplateid: sms.dltTemplateId,
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const answer = await answerOf<GatewayAnswer>(await fetch(url, { signal: AbortSignal.timeout(15_000) }));
  return {
    providerRef: answer.MessageData?.[0]?.MessageId ?? answer.JobId ?? '',
    providerJob: answer.JobId ?? null,
  };
}

/**
 * Many messages of one sender header, entity and coding in one POST. Throws SmsRefused when the
 * gateway refuses the request as a whole, any other error when it could not be asked; otherwise
 * answers each message's outcome, in order (an entry without a MessageId is that one's refusal).
 */
export async function sendSmsBulk(
  config: SmsGatewayConfig,
  batch: readonly SmsRequest[],
): Promise<SmsOutcome[]> {
  const [first] = batch;
  if (!first) return [];
  const body = {
    Account: {
      APIKey: config.apiKey,
      SenderId: first.senderHeader,
      Channel: '2',
      DCS: dataCoding(first.text),
      FlashSms: '0',
      Route: config.route,
      EntityId: first.dltEntityId,
      SchedTime: null,
      GroupId: null,
    },
    Messages: batch.map((sms) => ({
      Number: gatewayNumber(sms.to),
      Text: sms.text,
      DLTTemplateId: sms.dltTemplateId,
    })),
  };
  const response = await fetch(new URL('/RestAPI/MT.svc/mt', config.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const answer = await answerOf<GatewayAnswer>(response);
  const providerJob = answer.JobId ?? null;
  return batch.map((_sms, i) => {
    const data = answer.MessageData?.[i];
    return data?.MessageId
      ? { providerRef: data.MessageId, providerJob }
      : { refused: new SmsRefused(data?.ErrorCode ?? '?', data?.ErrorMessage ?? 'no message id') };
  });
}

export type GatewayReport = { providerRef: string; status: string; doneAt: string | null };

/** The delivery reports of one gateway job (the pull, for what no push has told). */
export async function fetchDeliveryReports(
  config: SmsGatewayConfig,
  providerJob: string,
): Promise<GatewayReport[]> {
  const url = new URL('GetDelivery', config.url);
  url.searchParams.set('APIKey', config.apiKey);
  url.searchParams.set('jobid', providerJob);
  const answer = await answerOf<{
    ErrorCode?: string;
    ErrorMessage?: string;
    DeliveryReports?: { MessageId?: string; DeliveryStatus?: string; DeliveryDate?: string }[];
  }>(await fetch(url, { signal: AbortSignal.timeout(15_000) }));
  return (answer.DeliveryReports ?? []).flatMap((r) =>
    r.MessageId
      ? [{ providerRef: r.MessageId, status: r.DeliveryStatus ?? '', doneAt: r.DeliveryDate ?? null }]
      : [],
  );
}
