import { COMMON_MESSAGES } from '@schooliko/common/messages';
import type { FastifyInstance } from 'fastify';
import { httpError } from './errors';

const LABEL = '[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?';
/** A name (or IPv4 address), trailing dot allowed, or an IPv6 address in brackets; then an optional port. */
const HOST = new RegExp(
  `^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9a-f]*:[0-9a-f:.]*\\])(?::(\\d{1,5}))?$`,
  'i',
);

/** A Host header that is a host name with an optional port, and nothing else (no user, path or spaces). */
export function isValidHost(host: string): boolean {
  const match = host.length <= 260 ? HOST.exec(host) : null;
  return match !== null && Number(match[1] ?? 0) <= 65535;
}

/**
 * Refuses a request whose Host is not a valid host name before anything else runs: the tenant is
 * chosen by the Host, and a Host like `school.in:@evil.example` chose a school while carrying
 * another address. A request without a Host (HTTP/1.0) stays an unknown host.
 */
export function registerHostCheck(app: FastifyInstance, securityHeaders: Readonly<Record<string, string>>) {
  app.addHook('onRequest', (request, reply, done) => {
    const host = request.headers.host;
    if (!host || isValidHost(host)) return done();
    reply.headers(securityHeaders);
    done(httpError(400, COMMON_MESSAGES.badHost));
  });
}
