import type { Fail } from '@schooliko/common/http';
import { COMMON_MESSAGES, type Coded, codeOf } from '@schooliko/common/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * An error a route or service throws on purpose: its status and message reach the caller, with
 * the message's code from the catalogues (common/src/messages.ts), found when it is thrown.
 */
export class HttpError extends Error {
  readonly coded: Coded;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** A code chosen by the thrower; without it, the message's own, found when it is answered. */
    readonly given?: Coded,
  ) {
    super(message);
    this.coded = given ?? codeOf(message) ?? { code: codeForStatus(statusCode) };
  }
}

export const httpError = (status: number, message: string, errors?: Record<string, string>) =>
  new HttpError(status, message, errors);

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
 * The failure envelope for a text; its code from the catalogues unless given (`prefer`: the
 * namespace a text several catalogues share is answered in, see codeOf).
 */
export function failure(
  status: number,
  message: string,
  extra: {
    coded?: Coded;
    errors?: Record<string, string>;
    codes?: Record<string, Coded>;
    prefer?: string;
  } = {},
): Fail {
  const { code, params } = extra.coded ?? codeOf(message, extra.prefer) ?? { code: codeForStatus(status) };
  return {
    success: false,
    message,
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

/** The codes of field texts a service chose (an HttpError's `errors`). */
function codesOf(errors: Record<string, string>, prefer?: string): Record<string, Coded> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, text]) => [
      field,
      codeOf(text, prefer) ?? { code: 'common.invalidValue' },
    ]),
  );
}

/** The namespace a route's shared texts answer in: its first path segment (`/api/groups/…`). */
function routeNamespace(url: string): string | undefined {
  return /^\/api\/([a-z-]+)/.exec(url)?.[1];
}

/** Each field's first problem, as text and as code (a text not ours: `common.invalidValue`). */
export function fieldErrors(
  issues: { instancePath?: string; message?: string; params?: unknown }[],
  prefer?: string,
) {
  const errors: Record<string, string> = {};
  const codes: Record<string, Coded> = {};
  for (const issue of issues) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const path =
      params?.issue?.path?.map(String).join('.') ||
      issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') ||
      '_';
    if (errors[path] !== undefined) continue;
    errors[path] = issue.message ?? COMMON_MESSAGES.invalidValue;
    codes[path] = codeOf(errors[path], prefer) ?? { code: 'common.invalidValue' };
  }
  return { errors, codes };
}

/** One JSON error shape for every failure (DESIGN.md section 4); never a 500 for bad input. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    let status = 500;
    let body: Fail = failure(500, COMMON_MESSAGES.internal);
    const prefer = routeNamespace(request.url);

    if (error instanceof HttpError) {
      status = error.statusCode;
      body = failure(status, error.message, {
        coded: error.given ?? codeOf(error.message, prefer) ?? error.coded,
        errors: error.errors,
        codes: error.errors && codesOf(error.errors, prefer),
      });
      if (error.headers) reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const { errors, codes } = fieldErrors(error.validation, prefer);
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
      const messages: Record<number, string> = {
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
