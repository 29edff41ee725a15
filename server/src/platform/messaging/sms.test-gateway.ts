import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for SMSGatewayHub (tests), speaking the protocol sms.gateway.ts uses: the
 * SendSMS GET and the JSON bulk POST (each checks the API key and the DLT fields the way the
 * gateway does: a 6-letter sender id, the entity id and the template id, and a 91 + ten digit
 * number; a bulk request with a bad number is refused whole), the GetDelivery pull, and the push
 * of delivery reports to a callback URL (on demand, or after each accepted message).
 */
export type ReceivedSms = {
  number: string;
  text: string;
  senderid: string;
  entityId: string;
  templateId: string;
  dcs: string;
  route: string;
  /** The MessageId it was given. */
  messageId: string;
};
/** What the gateway knows of a message's delivery (SMPP's words: DELIVRD, UNDELIV, …). */
export type GatewayDelivery = { status: string; doneDate: string; errorCode: string };
export type SmsTestGateway = {
  url: string;
  received: ReceivedSms[];
  /** Each HTTP call that sent messages: which API, how many messages. */
  calls: { api: 'single' | 'bulk'; messages: number }[];
  /** The next n send requests are answered with this error code (an outage, a refused template). */
  refuseNext: (n: number, code?: string, message?: string) => void;
  /** The handset's outcome of a message, as the pull will tell it. */
  setDelivery: (messageId: string, status: string, errorCode?: string) => void;
  /** Where reports are pushed (our callback, with its token), and whether each accepted message is reported at once. */
  reportTo: (url: string | null, autoStatus?: string | null) => void;
  /** Pushes a report of a message now; answers our callback's status and body. */
  push: (messageId: string, status: string, errorCode?: string) => Promise<{ status: number; body: string }>;
  /** Waits for the automatic pushes under way (each tried until our side takes it). */
  settled: () => Promise<void>;
  close: () => Promise<void>;
};

const PULL_WORDS: Record<string, string> = {
  DELIVRD: 'Delivered',
  UNDELIV: 'Undelivered',
  EXPIRED: 'Expired',
  REJECTD: 'Rejected',
};
const istNow = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startSmsTestGateway(apiKey: string): Promise<SmsTestGateway> {
  const received: ReceivedSms[] = [];
  const calls: SmsTestGateway['calls'] = [];
  const jobs = new Map<string, string[]>();
  const deliveries = new Map<string, GatewayDelivery>();
  const pushes: Promise<unknown>[] = [];
  let refusals = 0;
  let refusal = { code: '024', message: 'Template mismatch' };
  let callback: string | null = null;
  let autoStatus: string | null = null;

  const push = async (messageId: string, status: string, errorCode = '000') => {
    if (!callback) throw new Error('no callback URL to push to');
    const delivery = { status, doneDate: istNow(), errorCode };
    deliveries.set(messageId, delivery);
    const url = new URL(callback);
    const number = received.find((r) => r.messageId === messageId)?.number ?? '';
    for (const [name, value] of Object.entries({
      messageid: messageId,
      status,
      donedate: delivery.doneDate,
      errorcode: errorCode,
      mobile: number,
    }))
      url.searchParams.set(name, value);
    const res = await fetch(url);
    return { status: res.status, body: await res.text() };
  };

  /** Checks a message as the gateway does; null when it is fine, else its error. */
  const refusalOf = (m: Omit<ReceivedSms, 'messageId' | 'dcs' | 'route'>, key: string) => {
    if (key !== apiKey) return { ErrorCode: '001', ErrorMessage: 'Login details cannot be blank' };
    if (!/^[A-Z]{6}$/.test(m.senderid)) return { ErrorCode: '006', ErrorMessage: 'Invalid Sender ID' };
    if (!m.entityId || !m.templateId)
      return { ErrorCode: '021', ErrorMessage: 'EntityId and dlttemplateid are required' };
    if (!/^91\d{10}$/.test(m.number)) return { ErrorCode: '013', ErrorMessage: 'Invalid number' };
    return null;
  };
  /** Like a real gateway, a push our side did not take (a 404 while the send is being recorded) is tried again. */
  const pushUntilTaken = async (messageId: string, status: string) => {
    for (let attempt = 1; attempt <= 40; attempt++) {
      const answer = await push(messageId, status);
      if (answer.status === 200 || answer.status === 401) return answer;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const accept = (batch: Omit<ReceivedSms, 'messageId'>[]) => {
    const jobId = String(jobs.size + 1);
    const data = batch.map((m) => {
      const messageId = randomUUID();
      received.push({ ...m, messageId });
      if (callback && autoStatus) {
        const status = autoStatus;
        pushes.push(
          new Promise((resolve) => setTimeout(resolve, 10))
            .then(() => pushUntilTaken(messageId, status))
            .catch((error: unknown) => error),
        );
      }
      return { Number: m.number, MessageId: messageId };
    });
    jobs.set(
      jobId,
      data.map((d) => d.MessageId),
    );
    return { ErrorCode: '000', ErrorMessage: 'Done', JobId: jobId, MessageData: data };
  };
  const refused = () => {
    if (refusals <= 0) return null;
    refusals--;
    return { ErrorCode: refusal.code, ErrorMessage: refusal.message };
  };

  const server = createServer(async (req, res) => {
    const answer = (body: object) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const url = new URL(req.url ?? '/', 'http://gateway');
    const q = (name: string) => url.searchParams.get(name) ?? '';
    if (req.method === 'GET' && url.pathname === '/api/mt/SendSMS') {
      const m = {
        number: q('number'),
        text: q('text'),
        senderid: q('senderid'),
        entityId: q('EntityId'),
        templateId: q('dlttemplateid'),
        dcs: q('DCS'),
        route: q('route'),
      };
      const bad = refusalOf(m, q('APIKey')) ?? refused();
      if (bad) return answer(bad);
      calls.push({ api: 'single', messages: 1 });
      return answer(accept([m]));
    }
    if (req.method === 'POST' && url.pathname === '/RestAPI/MT.svc/mt') {
      type Bulk = {
        Account?: Record<string, string | null>;
        Messages?: { Number?: string; Text?: string; DLTTemplateId?: string }[];
      };
      const body = JSON.parse(await bodyOf(req)) as Bulk;
      const a = body.Account ?? {};
      const batch = (body.Messages ?? []).map((m) => ({
        number: m.Number ?? '',
        text: m.Text ?? '',
        senderid: a.SenderId ?? '',
        entityId: a.EntityId ?? '',
        templateId: m.DLTTemplateId ?? '',
        dcs: a.DCS ?? '',
        route: a.Route ?? '',
      }));
      if (!batch.length) return answer({ ErrorCode: '007', ErrorMessage: 'No messages' });
      const bad = batch.map((m) => refusalOf(m, a.APIKey ?? '')).find(Boolean) ?? refused();
      if (bad) return answer(bad);
      calls.push({ api: 'bulk', messages: batch.length });
      return answer(accept(batch));
    }
    if (req.method === 'GET' && url.pathname === '/api/mt/GetDelivery') {
      if (q('APIKey') !== apiKey)
        return answer({ ErrorCode: '001', ErrorMessage: 'Login details cannot be blank' });
      const ids = jobs.get(q('jobid'));
      if (!ids) return answer({ ErrorCode: '017', ErrorMessage: 'Invalid job id' });
      return answer({
        ErrorCode: '000',
        ErrorMessage: 'Success',
        DeliveryReports: ids.map((id) => {
          const d = deliveries.get(id);
          return {
            MessageId: id,
            Number: received.find((r) => r.messageId === id)?.number ?? '',
            DeliveryStatus: d ? (PULL_WORDS[d.status] ?? d.status) : 'Submitted to carrier',
            DeliveryDate: d?.doneDate ?? '',
          };
        }),
      });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/mt/SendSMS`,
    received,
    calls,
    refuseNext: (n, code = '024', message = 'Template mismatch') => {
      refusals = n;
      refusal = { code, message };
    },
    setDelivery: (messageId, status, errorCode = '000') =>
      deliveries.set(messageId, { status, doneDate: istNow(), errorCode }),
    reportTo: (url, status = null) => {
      callback = url;
      autoStatus = status;
    },
    push,
    settled: async () => {
      for (const outcome of await Promise.all(pushes.splice(0))) if (outcome instanceof Error) throw outcome;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
