import type { Fail } from '@schooliko/common/http';
import { COMMON_MESSAGES, type Coded, issueCoded, Message } from '@schooliko/common/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** One of our texts (it knows its code), or a text made elsewhere (it answers its status's code). */
export type Said = Message | string;

/**
 * An error a route or service throws on purpose: its status and message reach the caller, with
 * the message's own code (common/src/messages.ts) and each field text's.
 */
export class HttpError extends Error {
  readonly coded: Coded;
  /** Whether the message is one of ours (a Message), not a text made elsewhere. */
  readonly ours: boolean;
  readonly errors?: Record<string, string>;
  readonly codes?: Record<string, Coded>;
  constructor(
    readonly statusCode: number,
    message: Said,
    errors?: Record<string, Said>,
    readonly headers?: Record<string, string>,
  ) {
    super(`${message}`);
    this.coded = codedOf(message, codeForStatus(statusCode));
    this.ours = message instanceof Message;
    if (errors) {
      this.errors = Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, `${text}`]));
      this.codes = Object.fromEntries(
        Object.entries(errors).map(([field, text]) => [field, codedOf(text, 'common.invalidValue')]),
      );
    }
  }
}

export const httpError = (status: number, message: Said, errors?: Record<string, Said>) =>
  new HttpError(status, message, errors);

/** A zod issue's text, as a Message when it is one of ours (its code rides on the issue). */
export function issueSaid(issue: { message: string }): Said {
  const coded = issueCoded(issue);
  return coded ? new Message(issue.message, coded) : issue.message;
}

/** A Message's code; a text that is not one of ours answers the fallback code. */
function codedOf(said: Said, fallback: string): Coded {
  return said instanceof Message ? said.coded : { code: fallback };
}

/** A text that is not in any catalogue still gets a code: the generic one for its status. */
function codeForStatus(status: number): string {
  if (status === 404) return 'common.notFound';
  if (status === 413) return 'common.tooLarge';
  if (status === 415) return 'common.unsupportedType';
  if (status === 429) return 'common.tooManyRequests';
  if (status >= 500) return 'common.internal';
  return 'common.badRequest';
}

/**
 * The failure envelope for a message: a Message answers its own code, any other text the
 * generic code of its status unless one is given.
 */
export function failure(
  status: number,
  message: Said,
  extra: { coded?: Coded; errors?: Record<string, string>; codes?: Record<string, Coded> } = {},
): Fail {
  const { code, params } =
    message instanceof Message ? message.coded : (extra.coded ?? { code: codeForStatus(status) });
  return {
    success: false,
    message: `${message}`,
    code,
    ...(params ? { params } : {}),
    ...(extra.errors ? { errors: extra.errors } : {}),
    ...(extra.codes ? { codes: extra.codes } : {}),
  };
}

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
]);

function rootCause(error: unknown): unknown {
  let e = error;
  for (let i = 0; i < 5 && e instanceof Error && e.cause; i++) e = e.cause;
  return e;
}

/** A database that cannot be reached, as opposed to a query that failed. */
export function isDatabaseDown(error: unknown): boolean {
  const e = rootCause(error) as { code?: string; message?: string } | undefined;
  if (!e) return false;
  if (e.code && (DB_DOWN_CODES.has(e.code) || e.code.startsWith('08'))) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed/i.test(
    e.message ?? '',
  );
}

/**
 * Values PostgreSQL cannot take: bad text for a type (22P02), too long (22001), out of range
 * (22003), a NUL or invalid byte in text (22021), a character the encoding lacks (22P05).
 */
const BAD_VALUE_CODES = new Set(['22P02', '22001', '22003', '22021', '22P05']);

/**
 * busboy's parse errors carry no status: a broken multipart body is bad input, not a crash. A body
 * that stops inside a part fails twice, on the form and on the part's own stream ("Part terminated
 * early…"), and whichever reaches the route first is the one thrown.
 */
function isMalformedMultipart(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /^(Multipart: Boundary not found|Unexpected end of (multipart data|form)|Part terminated early|Malformed part header|Malformed urlencoded form)/.test(
    message,
  );
}

function pgCode(error: unknown): string | undefined {
  const e = rootCause(error) as { code?: unknown };
  return typeof e?.code === 'string' ? e.code : undefined;
}

/**
 * Each field's first problem, as text and as code: a schema's check with one of our texts leaves
 * its code on the issue (Message.error); zod's own texts answer `common.invalidValue`.
 */
export function fieldErrors(issues: { instancePath?: string; message?: string; params?: unknown }[]) {
  const errors: Record<string, string> = {};
  const codes: Record<string, Coded> = {};
  for (const issue of issues) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const path =
      params?.issue?.path?.map(String).join('.') ||
      issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') ||
      '_';
    if (errors[path] !== undefined) continue;
    errors[path] = issue.message ?? COMMON_MESSAGES.invalidValue.text;
    codes[path] = issueCoded(params) ?? { code: 'common.invalidValue' };
  }
  return { errors, codes };
}

/** One JSON error shape for every failure (DESIGN.md section 4); never a 500 for bad input. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    let status = 500;
    let body: Fail = failure(500, COMMON_MESSAGES.internal);

    if (error instanceof HttpError) {
      status = error.statusCode;
      body = failure(status, error.message, { coded: error.coded, errors: error.errors, codes: error.codes });
      if (error.headers) reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const { errors, codes } = fieldErrors(error.validation);
      const [first] = Object.keys(errors);
      body = first
        ? failure(400, errors[first] as string, { coded: codes[first], errors, codes })
        : failure(400, COMMON_MESSAGES.invalidInput);
    } else if (isDatabaseDown(error)) {
      status = 503;
      body = failure(503, COMMON_MESSAGES.unavailable);
      reply.header('retry-after', '5');
    } else if (isMalformedMultipart(error)) {
      status = 400;
      body = failure(400, COMMON_MESSAGES.uploadCutShort);
    } else if (pgCode(error) === '23505') {
      status = 409;
      body = failure(409, COMMON_MESSAGES.alreadyExists);
    } else if (BAD_VALUE_CODES.has(pgCode(error) ?? '')) {
      status = 400;
      body = failure(400, COMMON_MESSAGES.invalidInput);
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      const messages: Record<number, Message> = {
        413: COMMON_MESSAGES.tooLarge,
        415: COMMON_MESSAGES.unsupportedType,
        429: COMMON_MESSAGES.tooManyRequests,
      };
      body = failure(status, messages[status] ?? (error.message || COMMON_MESSAGES.badRequest));
    }

    if (status >= 500) request.log.error({ err: error }, 'request failed');
    // Error bodies are always the envelope, whatever the route declared for its answers.
    reply
      .status(status)
      .type('application/json; charset=utf-8')
      .serializer((payload) => JSON.stringify(payload))
      .send(body);
  });
}
