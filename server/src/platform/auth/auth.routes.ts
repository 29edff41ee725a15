import fastifyCookie from '@fastify/cookie';
import { ACCOUNT_MESSAGES, accountSchema, changePasswordSchema } from '@schooliko/common/account';
import {
  AUTH_MESSAGES,
  authUserSchema,
  forgotPasswordSchema,
  refreshSchema,
  resetPasswordSchema,
  sessionSchema,
  signInSchema,
  signUpSchema,
  switchRoleSchema,
  tokensSchema,
} from '@schooliko/common/auth';
import { failSchema, okSchema } from '@schooliko/common/http';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../kit/answer';
import { requireAuth } from '../../plugins/auth';
import { httpError } from '../../plugins/errors';
import { clientIp, RATE_RULES, rateLimiter } from '../../plugins/rate-limit';
import { findTenant } from '../../plugins/tenant';
import { changePassword, updateAccount } from './auth.account';
import { REFRESH_COOKIE, sessionCookies } from './auth.cookies';
import { googleRoutes } from './auth.google.routes';
import { MEMBERSHIP_EVENT, membershipAction } from './auth.membership';
import { mailSignUpAttempt, resetPassword, sendResetLink } from './auth.password';
import { limitPasswordHashing, warmDummyHash } from './auth.passwords';
import { accountPhotoRoutes } from './auth.photo.routes';
import { authTenant } from './auth.policy';
import { currentUser, signIn, signUp, switchRole } from './auth.service';
import { familyOfRefreshToken, revokeFamily, rotateRefreshToken } from './auth.sessions';

export { REFRESH_COOKIE };

const fails = {
  400: failSchema,
  401: failSchema,
  403: failSchema,
  409: failSchema,
  429: failSchema,
  503: failSchema, // too many passwords being checked at once (auth.passwords.ts)
};
const done = okSchema(z.null());

/** Accounts and sessions (spec 7.1, DESIGN.md section 5), under /api/auth. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyCookie);
  // Approve / Reject on a sign-up request's notification.
  app.notificationActions.set(MEMBERSHIP_EVENT, membershipAction);
  await app.register(googleRoutes, { prefix: '/google' });
  await app.register(accountPhotoRoutes, { prefix: '/me' });
  const limiter = rateLimiter(app);
  limitPasswordHashing(app.config.PASSWORD_HASH_CONCURRENCY, app.config.PASSWORD_HASH_QUEUE);
  void warmDummyHash();
  const deps = () => ({
    db: app.database.db,
    tokens: app.tokens,
    hub: app.notificationHub,
    invalidate: app.invalidation.invalidate,
  });

  const cookies = sessionCookies(app.config);
  const { cookie } = cookies;
  const setRefreshCookie = cookies.setRefresh;
  const presentedRefresh = (request: FastifyRequest, body?: { refreshToken?: string } | null) =>
    body?.refreshToken || request.cookies[REFRESH_COOKIE] || null;

  app.post(
    '/signUp',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign up at the institute served on this host',
        body: signUpSchema,
        response: {
          201: okSchema(z.object({ user: authUserSchema, status: z.enum(['active', 'pending']) })),
          ...fails,
        },
      },
    },
    async (request, reply) => {
      const institute = await authTenant(request, request.body.role);
      await limiter.consume([RATE_RULES.signUpIp, clientIp(request)]);
      // A known email answers as a new one would; its owner is mailed (a few a window, silently).
      const result = await signUp(deps(), institute, request.body, async (user) => {
        const allowed = await limiter.consume([RATE_RULES.signUpMail, `${institute.id}:${user.email}`]).then(
          () => true,
          () => false,
        );
        if (allowed) await mailSignUpAttempt(app.database.db, institute, user, app.config.PUBLIC_URL);
      });
      const message = result.status === 'active' ? AUTH_MESSAGES.signUpSuccess : AUTH_MESSAGES.signUpPending;
      return reply.status(201).send(ok(result, message));
    },
  );

  app.post(
    '/signin',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in as one role at the institute served on this host',
        body: signInSchema,
        response: { 200: okSchema(sessionSchema), ...fails },
      },
    },
    async (request, reply) => {
      const institute = await authTenant(request, request.body.role);
      const { email } = request.body;
      // A device that signed in to this account before fails under its own limit (auth.device.ts).
      const device = cookies.device(request, email, institute.id);
      const ticket = await limiter.consume(
        device
          ? [RATE_RULES.signInDevice, device.nonce]
          : [RATE_RULES.signInAccount, `${institute.id}:${email}`],
        [RATE_RULES.signInIp, clientIp(request)],
      );
      const session = await signIn(deps(), institute, request.body, ticket.refund);
      cookies.signedIn(request, reply, session, institute.id);
      // A person with the right password who picked a role they lack is signed in as one they hold.
      const message =
        session.role === request.body.role ? AUTH_MESSAGES.signInSuccess : AUTH_MESSAGES.signedInOtherRole;
      return ok(session, message);
    },
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Trade the refresh token (cookie or body) for new tokens',
        body: z.nullish(refreshSchema),
        response: { 200: okSchema(z.object({ ...tokensSchema.shape, user: authUserSchema })), ...fails },
      },
    },
    async (request, reply) => {
      const ticket = await limiter.consume([RATE_RULES.refreshIp, clientIp(request)]);
      const token = presentedRefresh(request, request.body);
      if (!token) throw httpError(401, AUTH_MESSAGES.sessionExpired);
      const institute = await findTenant(request);
      if (!institute) throw httpError(401, AUTH_MESSAGES.wrongInstitute);
      const next = await rotateRefreshToken(deps(), institute, token);
      await ticket.refund();
      setRefreshCookie(reply, next.refreshToken);
      return ok(next);
    },
  );

  app.post(
    '/signOut',
    {
      schema: {
        tags: ['auth'],
        summary: 'End this session (idempotent)',
        body: z.nullish(refreshSchema),
        response: { 200: done },
      },
    },
    async (request, reply) => {
      const header = request.headers.authorization;
      const claims = header?.startsWith('Bearer ')
        ? await app.tokens.verifyAccess(header.slice(7).trim())
        : null;
      if (claims) await revokeFamily(deps(), claims.familyId);
      const token = presentedRefresh(request, request.body);
      const familyId = token ? await familyOfRefreshToken(app.database.db, token) : null;
      if (familyId) await revokeFamily(deps(), familyId);
      reply.clearCookie(REFRESH_COOKIE, cookie);
      return ok(null, AUTH_MESSAGES.signedOut);
    },
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: okSchema(authUserSchema), 401: failSchema },
      },
    },
    async (request) => {
      const ctx = await requireAuth(request);
      const user = await currentUser(
        app.database.db,
        ctx.institute,
        ctx.userId,
        ctx.role,
        ctx.roles,
        ctx.jobSets,
      );
      return ok(user);
    },
  );

  app.put(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: "Profile Settings: the signed-in person's own name and mobile",
        body: accountSchema,
        response: { 200: okSchema(authUserSchema), 400: failSchema, 401: failSchema },
      },
    },
    async (request) => {
      const ctx = await requireAuth(request);
      const user = await updateAccount(app.database.db, ctx, request.body);
      return ok(user, ACCOUNT_MESSAGES.saved);
    },
  );

  app.post(
    '/change-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Profile Settings: a new password, given the current one (ends every other session)',
        body: changePasswordSchema,
        response: { 200: done, ...fails },
      },
    },
    async (request) => {
      const ctx = await requireAuth(request);
      const ticket = await limiter.consume([RATE_RULES.passwordChange, ctx.userId]);
      await changePassword(deps(), ctx, request.body, ticket.refund);
      return ok(null, ACCOUNT_MESSAGES.passwordChanged);
    },
  );

  app.post(
    '/switch-role',
    {
      schema: {
        tags: ['auth'],
        summary: 'Act as another role held at this institute (a new session)',
        body: switchRoleSchema,
        response: { 200: okSchema(sessionSchema), ...fails },
      },
    },
    async (request, reply) => {
      const ctx = await requireAuth(request);
      const session = await switchRole(deps(), ctx, request.body.role);
      setRefreshCookie(reply, session.tokens.refreshToken);
      return ok(session, AUTH_MESSAGES.roleSwitched);
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link (the same answer whether the email is known or not)',
        body: forgotPasswordSchema,
        response: { 200: done, ...fails },
      },
    },
    async (request) => {
      const institute = await authTenant(request);
      const { email } = request.body;
      await limiter.consume(
        [RATE_RULES.forgotEmail, `${institute.id}:${email}`],
        [RATE_RULES.forgotIp, clientIp(request)],
      );
      // Queued after answering, so that the answer's timing does not tell whether the email is
      // known; the mail itself goes through the job queue, retried until the mail server takes it.
      sendResetLink(app.database.db, institute, email, app.config.PUBLIC_URL).catch((err) =>
        request.log.error({ err }, 'password reset link not sent'),
      );
      return ok(null, AUTH_MESSAGES.resetLinkSent);
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link (ends every session)',
        body: resetPasswordSchema,
        response: { 200: done, ...fails },
      },
    },
    async (request) => {
      const institute = await authTenant(request);
      await limiter.consume([RATE_RULES.resetIp, clientIp(request)]);
      await resetPassword(deps(), institute, request.body);
      return ok(null, AUTH_MESSAGES.passwordResetDone);
    },
  );
};
