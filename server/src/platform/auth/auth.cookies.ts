import type { CookieSerializeOptions } from '@fastify/cookie';
import { REFRESH_TOKEN_DAYS, type SessionData } from '@schooliko/common/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Config, resolveJwtSecret } from '../../config';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, deviceKey, issueDevice, trustedDevice } from './auth.device';

export const REFRESH_COOKIE = 'sk_refresh';

/**
 * The cookies of a browser's session: the refresh token (httpOnly, SameSite=Strict, only sent to
 * /api/auth; DESIGN.md section 5) and the device cookie (auth.device.ts). Every way of signing in
 * (a password, Google) ends in `signedIn`.
 */
export function sessionCookies(config: Config) {
  const devices = deviceKey(resolveJwtSecret(config));
  const cookie: CookieSerializeOptions = {
    httpOnly: true,
    sameSite: 'strict',
    path: '/api/auth',
    secure: config.NODE_ENV === 'production',
  };
  const setRefresh = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, { ...cookie, maxAge: REFRESH_TOKEN_DAYS * 86_400 });

  return {
    cookie,
    setRefresh,
    /** The device this browser proves for the account, or null (an unknown device). */
    device: (request: FastifyRequest, email: string, instituteId: string) =>
      trustedDevice(devices, request.cookies[DEVICE_COOKIE], email, instituteId),
    /** A session just began: its refresh cookie, and the device cookie kept or issued. */
    signedIn(request: FastifyRequest, reply: FastifyReply, session: SessionData, instituteId: string) {
      setRefresh(reply, session.tokens.refreshToken);
      const presented = request.cookies[DEVICE_COOKIE];
      const known = trustedDevice(devices, presented, session.user.email, instituteId);
      reply.setCookie(
        DEVICE_COOKIE,
        known && presented ? presented : issueDevice(devices, session.user.email, instituteId),
        {
          ...cookie,
          secure: cookie.secure || request.protocol === 'https',
          maxAge: DEVICE_COOKIE_DAYS * 86_400,
        },
      );
    },
  };
}
