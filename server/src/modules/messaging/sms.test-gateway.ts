import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for SMSGatewayHub's SendSMS API (tests): it checks the API key and the DLT
 * fields the way the gateway does (a 6-letter sender id, the entity id and the template id), keeps
 * what it accepted, and answers in the gateway's JSON ("000"/"Done" with a JobId and MessageData).
 */
export type ReceivedSms = {
  number: string;
  text: string;
  senderid: string;
  entityId: string;
  templateId: string;
  dcs: string;
  route: string;
};
export type SmsTestGateway = {
  url: string;
  received: ReceivedSms[];
  /** The next n requests are answered with this error code (an outage, a refused template). */
  refuseNext: (n: number, code?: string, message?: string) => void;
  close: () => Promise<void>;
};

export async function startSmsTestGateway(apiKey: string): Promise<SmsTestGateway> {
  const received: ReceivedSms[] = [];
  let refusals = 0;
  let refusal = { code: '024', message: 'Template mismatch' };
  const server = createServer((req, res) => {
    const answer = (body: object) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const url = new URL(req.url ?? '/', 'http://gateway');
    const q = (name: string) => url.searchParams.get(name) ?? '';
    if (req.method !== 'GET' || url.pathname !== '/api/mt/SendSMS') return res.writeHead(404).end();
    if (q('APIKey') !== apiKey)
      return answer({ ErrorCode: '001', ErrorMessage: 'Login details cannot be blank' });
    if (!/^[A-Z]{6}$/.test(q('senderid')))
      return answer({ ErrorCode: '006', ErrorMessage: 'Invalid Sender ID' });
    if (!q('EntityId') || !q('dlttemplateid'))
      return answer({ ErrorCode: '021', ErrorMessage: 'EntityId and dlttemplateid are required' });
    if (!/^91\d{10}$/.test(q('number'))) return answer({ ErrorCode: '013', ErrorMessage: 'Invalid number' });
    if (refusals > 0) {
      refusals--;
      return answer({ ErrorCode: refusal.code, ErrorMessage: refusal.message });
    }
    received.push({
      number: q('number'),
      text: q('text'),
      senderid: q('senderid'),
      entityId: q('EntityId'),
      templateId: q('dlttemplateid'),
      dcs: q('DCS'),
      route: q('route'),
    });
    answer({
      ErrorCode: '000',
      ErrorMessage: 'Done',
      JobId: String(received.length),
      MessageData: [{ Number: q('number'), MessageId: randomUUID() }],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/mt/SendSMS`,
    received,
    refuseNext: (n, code = '024', message = 'Template mismatch') => {
      refusals = n;
      refusal = { code, message };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
