import type { Fail } from '@schooliko/common/http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error a route or service throws on purpose: its status and message reach the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const httpError = (status: number, message: string, errors?: Record<string, string>) =>
  new HttpError(status, message, errors);

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

/** busboy's parse errors carry no status: a broken multipart body is bad input, not a crash. */
function isMalformedMultipart(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /^(Multipart: Boundary not found|Unexpected end of (multipart data|form)|Malformed part header|Malformed urlencoded form)/.test(
    message,
  );
}

function pgCode(error: unknown): string | undefined {
  const e = rootCause(error) as { code?: unknown };
  return typeof e?.code === 'string' ? e.code : undefined;
}

function fieldErrors(issues: { instancePath?: string; message?: string; params?: unknown }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const path =
      params?.issue?.path?.map(String).join('.') ||
      issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') ||
      '_';
    errors[path] ??= issue.message ?? 'Invalid value';
  }
  return errors;
}

/** One JSON error shape for every failure (DESIGN.md section 4); never a 500 for bad input. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    let status = 500;
    let body: Fail = { success: false, message: 'Internal server error' };

    if (error instanceof HttpError) {
      status = error.statusCode;
      body = { success: false, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
      if (error.headers) reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const errors = fieldErrors(error.validation);
      body = { success: false, message: Object.values(errors)[0] ?? 'Invalid input', errors };
    } else if (isDatabaseDown(error)) {
      status = 503;
      body = { success: false, message: 'Service temporarily unavailable. Please try again shortly.' };
      reply.header('retry-after', '5');
    } else if (isMalformedMultipart(error)) {
      status = 400;
      body = {
        success: false,
        message: 'The upload was cut short or is not a valid multipart form. Please try again.',
      };
    } else if (pgCode(error) === '23505') {
      status = 409;
      body = { success: false, message: 'This record already exists' };
    } else if (BAD_VALUE_CODES.has(pgCode(error) ?? '')) {
      status = 400;
      body = { success: false, message: 'Invalid input' };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      const messages: Record<number, string> = {
        413: 'The request is too large',
        415: 'Unsupported content type',
        429: 'Too many requests. Please try again later.',
      };
      body = { success: false, message: messages[status] ?? (error.message || 'Bad request') };
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
