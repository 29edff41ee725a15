import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/** DESIGN.md section 5: a CSP without inline scripts, no framing, nosniff, Referrer-Policy, HSTS in production. */
export function helmetOptions(config: Pick<Config, 'NODE_ENV'>): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI's emotion writes <style> tags at run time; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    hsts: config.NODE_ENV === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets for these options, worked out once. None of them depends on the
 * request as long as no CSP directive is a function, so those are refused.
 */
export function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const csp = options.contentSecurityPolicy;
  if (typeof csp === 'object')
    for (const value of Object.values(csp.directives ?? {}))
      if (typeof value === 'function' || (Array.isArray(value) && value.some((v) => typeof v === 'function')))
        throw new Error('security headers: a CSP directive computed per request is not supported');
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/**
 * Helmet's headers on every answer, as @fastify/helmet set them, without building helmet's
 * middleware again for each request (that was a third of the cost of a cached branding lookup):
 * they are computed once and copied onto each reply. A route that hijacks its reply writes them
 * itself (`reply.getHeaders()`); errors raised before routing add them in `frameworkErrors`.
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: Readonly<Record<string, string>>) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
