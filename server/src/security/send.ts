import type { FastifyInstance } from 'fastify';

export type Request = {
  method: string;
  url: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string or Buffer as is (set content-type in headers). */
  payload?: unknown;
};

export type Answer = {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The body as text ('' for an event stream, which is closed once its headers arrive). */
  text: string;
  /** The body parsed as JSON, or undefined. */
  json: unknown;
};

/**
 * app.inject that also copes with server-sent events: the answer is taken when the headers
 * are written, an event stream is then dropped (the app ends it on close) and any other body
 * is read to its end.
 */
export async function send(app: FastifyInstance, request: Request): Promise<Answer> {
  const payload =
    request.payload === undefined || typeof request.payload === 'string' || Buffer.isBuffer(request.payload)
      ? (request.payload as string | Buffer | undefined)
      : JSON.stringify(request.payload);
  const headers = { ...request.headers };
  if (payload !== undefined && typeof request.payload === 'object' && !Buffer.isBuffer(request.payload))
    headers['content-type'] ??= 'application/json';
  const res = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    payload,
    payloadAsStream: true,
  });
  const stream = res.stream();
  const type = String(res.headers['content-type'] ?? '');
  let text = '';
  if (type.startsWith('text/event-stream')) {
    stream.destroy();
  } else {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    text = Buffer.concat(chunks).toString('utf8');
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text, json };
}

/** The envelope's message, when the body is { success: false, message }. */
export function failureMessage(answer: Answer): string | undefined {
  const body = answer.json as { success?: unknown; message?: unknown } | undefined;
  return body && body.success === false && typeof body.message === 'string' ? body.message : undefined;
}

/** One line describing an answer, for failure messages. */
export function describe(answer: Answer): string {
  return `${answer.status} ${answer.text.slice(0, 200)}`;
}
