import { pincodeAnswerSchema, pincodeParamsSchema } from '@schooliko/common/pincode';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp, type RateRule, rateLimiter } from '../../plugins/rate-limit';
import { pincodeAnswer } from './pincode.service';

export const PINCODE_RATE: RateRule = { name: 'pincode-ip', max: 60, windowSeconds: 60 };

/** GET /api/pincode/:pincode: public, lightly rate-limited; unknown pincodes answer Status 'Error'. */
export const pincodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = rateLimiter(app);
  let quietUntil = 0;

  app.get(
    '/:pincode',
    {
      schema: {
        tags: ['pincode'],
        summary: 'District and state of an Indian pincode (India Post answer shape)',
        params: pincodeParamsSchema,
        response: { 200: pincodeAnswerSchema },
      },
    },
    async (request, reply) => {
      await limiter.consume([PINCODE_RATE, clientIp(request)]);
      reply.header('cache-control', 'public, max-age=86400');
      return pincodeAnswer(request.params.pincode, {
        upstreamUrl: app.config.PINCODE_API_URL,
        onUpstreamError: (err) => {
          if (Date.now() < quietUntil) return;
          quietUntil = Date.now() + 60_000;
          request.log.warn({ err }, 'pincode service unavailable; answering from the embedded directory');
        },
      });
    },
  );
};
