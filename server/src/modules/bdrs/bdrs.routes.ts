import {
  BDR_MESSAGES,
  bdrFetchDataSchema,
  bdrFetchQuerySchema,
  verifyOtpBodySchema,
  verifyOtpDataSchema,
} from '@schooliko/common/bdrs';
import { failSchema, okSchema } from '@schooliko/common/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/answer';
import { sendMail } from '../../platform/mail/mail.service';
import { OTP_RATE_RULES, otpPepper } from '../../platform/otp/otp.policy';
import { clientIp, rateLimiter } from '../../plugins/rate-limit';
import { sendBdrOtp, verifyBdrOtp } from './bdrs.service';

const failures = { 400: failSchema, 404: failSchema, 429: failSchema, 503: failSchema };

/** Spec 7.6: BDR verification by a one-time code mailed to the BDR (public, rate-limited). */
export const bdrsRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = rateLimiter(app);
  const pepper = otpPepper(app);
  const devMailViewer = app.config.NODE_ENV !== 'production' && !app.config.SMTP_URL;

  app.get(
    '/fetch',
    {
      schema: {
        tags: ['bdrs'],
        summary: 'Find a BDR by id and mail them a one-time code',
        querystring: bdrFetchQuerySchema,
        response: { 200: okSchema(bdrFetchDataSchema), ...failures },
      },
    },
    async (request) => {
      const { bdr_id: bdrId } = request.query;
      // Per id too: codes (mails to a BDR) cannot be asked for from many addresses.
      await limiter.consume([OTP_RATE_RULES.sendIp, clientIp(request)], [OTP_RATE_RULES.sendId, bdrId]);
      const data = await sendBdrOtp(
        app.database.db,
        {
          pepper,
          devMailViewer,
          send: (message) => sendMail(app, message),
          later: (work) => app.afterAnswer.add(work),
          onSendError: (err) => request.log.error({ err }, 'BDR code not sent'),
        },
        bdrId,
      );
      return ok(data, BDR_MESSAGES.otpSent);
    },
  );

  app.post(
    '/verify-otp',
    {
      schema: {
        tags: ['bdrs'],
        summary: "Check the BDR's code; answers a 30-minute registration token",
        body: verifyOtpBodySchema,
        response: { 200: okSchema(verifyOtpDataSchema), ...failures },
      },
    },
    async (request) => {
      await limiter.consume([OTP_RATE_RULES.verifyIp, clientIp(request)]);
      const data = await verifyBdrOtp(app.database.db, { pepper }, request.body);
      return ok(data, BDR_MESSAGES.otpVerified);
    },
  );
};
