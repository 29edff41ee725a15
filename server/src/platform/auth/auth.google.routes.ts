import { AUTH_MESSAGES } from '@schooliko/common/auth';
import {
  GOOGLE_MESSAGES,
  GOOGLE_SIGNED_IN,
  googleCallbackQuerySchema,
  googlePrefillBodySchema,
  googlePrefillSchema,
  googleStartQuerySchema,
} from '@schooliko/common/google';
import { failSchema, okSchema } from '@schooliko/common/http';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveJwtSecret } from '../../config';
import { ok } from '../../kit/answer';
import { HttpError, httpError } from '../../plugins/errors';
import { findTenant } from '../../plugins/tenant';
import { canonicalOrigin } from '../institutes';
import type { Institute } from '../institutes/institutes.table';
import { sessionCookies } from './auth.cookies';
import { GoogleFailure, GoogleSignIn } from './auth.google';
import { openSession } from './auth.service';
import { memberships, users } from './auth.table';

const FLOW_COOKIE = 'sk_google';
const CALLBACK_PATH = '/api/auth/google/callback';
/** A redirect: no body. */
const redirected = { 302: z.null().describe('Redirect') };

/**
 * "Continue with Google" (spec 2.4), under /api/auth/google: `start` sends the browser to Google,
 * `callback` brings it back signed in (to /signin, which picks the session up through the refresh
 * cookie), or to /signup with what Google verified, or to /signin with a coded message.
 */
export const googleRoutes: FastifyPluginAsyncZod = async (app) => {
  const google = new GoogleSignIn(app.config, resolveJwtSecret(app.config));
  const cookies = sessionCookies(app.config);
  const deps = () => ({ db: app.database.db, tokens: app.tokens, invalidate: app.invalidation.invalidate });
  // SameSite=Lax: the cookie must come back on Google's top-level redirect to the callback.
  const flowCookie = (request: FastifyRequest) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/api/auth/google',
    secure: app.config.NODE_ENV === 'production' || request.protocol === 'https',
  });
  const redirectUri = (institute: Institute) =>
    `${canonicalOrigin(institute, app.config.PUBLIC_URL)}${CALLBACK_PATH}`;

  /** Back to the sign-in page with the failure's coded message (only our own texts are sent). */
  const failed = (request: FastifyRequest, reply: FastifyReply, err: unknown) => {
    const known = err instanceof GoogleFailure || err instanceof HttpError;
    if (!known) request.log.warn({ err }, 'Google sign-in failed');
    const code =
      err instanceof GoogleFailure
        ? err.said.code
        : err instanceof HttpError && err.ours
          ? err.coded.code
          : GOOGLE_MESSAGES.failed.code;
    return reply.redirect(`/signin?error=${encodeURIComponent(code)}`);
  };

  app.get(
    '/start',
    {
      schema: {
        tags: ['auth'],
        summary: 'Continue with Google: redirects to Google (OpenID Connect, PKCE, state and nonce)',
        querystring: googleStartQuerySchema,
        response: redirected,
      },
    },
    async (request, reply) => {
      try {
        const institute = await findTenant(request);
        if (!institute) throw httpError(400, AUTH_MESSAGES.unknownInstitute);
        // The flow's cookie must be set on the host Google sends the browser back to.
        const origin = canonicalOrigin(institute, app.config.PUBLIC_URL);
        if (new URL(origin).hostname !== request.hostname) {
          const search = new URL(request.url, origin).search;
          return reply.redirect(`${origin}/api/auth/google/start${search}`);
        }
        const { url, cookie } = await google.start(institute.id, redirectUri(institute), request.query.role);
        reply.setCookie(FLOW_COOKIE, cookie, { ...flowCookie(request), maxAge: 600 });
        return reply.redirect(url);
      } catch (err) {
        return failed(request, reply, err);
      }
    },
  );

  app.get(
    '/callback',
    {
      schema: {
        tags: ['auth'],
        summary: "Google's answer: signs in a member, or sends a new person to sign up",
        querystring: googleCallbackQuerySchema,
        response: redirected,
      },
    },
    async (request, reply) => {
      reply.clearCookie(FLOW_COOKIE, flowCookie(request));
      try {
        const institute = await findTenant(request);
        if (!institute) throw httpError(400, AUTH_MESSAGES.unknownInstitute);
        const callbackUrl = new URL(redirectUri(institute));
        callbackUrl.search = new URL(request.url, callbackUrl).search;
        const person = await google.finish(institute.id, request.cookies[FLOW_COOKIE], callbackUrl);
        const db = app.database.db;
        const [user] = await db.select().from(users).where(eq(users.email, person.email)).limit(1);
        const [membership] = user
          ? await db
              .select({ userId: memberships.userId })
              .from(memberships)
              .where(and(eq(memberships.instituteId, institute.id), eq(memberships.userId, user.id)))
              .limit(1)
          : [];
        if (!user || !membership) {
          const token = await google.prefillToken(institute.id, person);
          return reply.redirect(`/signup#google=${token}`);
        }
        const session = await openSession(deps(), institute, user, person.role);
        cookies.signedIn(request, reply, session, institute.id);
        return reply.redirect(`/signin?google=${GOOGLE_SIGNED_IN}`);
      } catch (err) {
        return failed(request, reply, err);
      }
    },
  );

  app.post(
    '/prefill',
    {
      schema: {
        tags: ['auth'],
        summary: 'What Google verified about a person signing up (from the token the callback gave)',
        body: googlePrefillBodySchema,
        response: { 200: okSchema(googlePrefillSchema), 400: failSchema },
      },
    },
    async (request) => {
      const institute = await findTenant(request);
      const prefill = institute ? await google.prefill(institute.id, request.body.token) : null;
      if (!prefill) throw httpError(400, GOOGLE_MESSAGES.signUpExpired);
      return ok(prefill, GOOGLE_MESSAGES.signUp);
    },
  );
};
