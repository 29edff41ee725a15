import { UPLOAD_MESSAGES } from '@schooliko/common/uploads';
import type { FastifyRequest } from 'fastify';
import { provider } from '../../kit/hooks';
import { requireAuth } from '../../plugins/auth';
import { httpError } from '../../plugins/errors';
import type { RateRule } from '../../plugins/rate-limit';

export const UPLOAD_RATE_RULES = {
  ip: { name: 'upload-ip', max: 30, windowSeconds: 60 },
} as const satisfies Record<string, RateRule>;

export const REGISTRATION_TOKEN_HEADER = 'x-registration-token';

/**
 * Who may upload: a BDR in the middle of registering a domain (a valid registration token in
 * X-Registration-Token) or anybody signed in at an institute.
 */
export async function requireUploader(request: FastifyRequest): Promise<void> {
  const header = request.headers[REGISTRATION_TOKEN_HEADER];
  const token = Array.isArray(header) ? header[0] : header;
  if (token) {
    if (await provider('uploads.registrationGrant')?.(request.server.database.db, token)) return;
    throw httpError(401, UPLOAD_MESSAGES.notAllowed);
  }
  if (!request.headers.authorization) throw httpError(401, UPLOAD_MESSAGES.notAllowed);
  await requireAuth(request);
}
