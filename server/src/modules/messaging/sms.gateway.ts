/**
 * SMSGatewayHub's HTTP API (www.smsgatewayhub.com/api/mt/SendSMS), as documented: a GET with the
 * API key, the DLT-approved 6-letter sender id, channel 2 (transactional), the coding (0 plain, 8
 * Unicode for Hindi and Marathi), the number, the text, the route, and the DLT `EntityId` and
 * `dlttemplateid`. It answers JSON: ErrorCode "000" and ErrorMessage "Done" with a JobId and the
 * MessageData of each number; any other code is a refusal.
 */
export type SmsRequest = {
  to: string;
  text: string;
  senderHeader: string;
  dltEntityId: string;
  dltTemplateId: string;
};
export type SmsGatewayConfig = { url: string; apiKey: string; route: string };
export type SmsSent = { providerRef: string };

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

type GatewayAnswer = {
  ErrorCode?: string;
  ErrorMessage?: string;
  JobId?: string;
  MessageData?: { Number?: string; MessageId?: string }[];
};

export async function sendSms(config: SmsGatewayConfig, sms: SmsRequest): Promise<SmsSent> {
  const url = new URL(config.url);
  const params: Record<string, string> = {
    APIKey: config.apiKey,
    senderid: sms.senderHeader,
    channel: '2',
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is the plain coding
    DCS: /^[\x00-\x7f]*$/.test(sms.text) ? '0' : '8',
    flashsms: '0',
    number: gatewayNumber(sms.to),
    text: sms.text,
    route: config.route,
    EntityId: sms.dltEntityId,
    dlttemplateid: sms.dltTemplateId,
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
  const answer = (await response.json()) as GatewayAnswer;
  if (answer.ErrorCode !== '000') throw new SmsRefused(answer.ErrorCode ?? '?', answer.ErrorMessage ?? '');
  return { providerRef: answer.MessageData?.[0]?.MessageId ?? answer.JobId ?? '' };
}
