import { listQuerySchema } from '@schooliko/common/http';
import { ADMISSION_MESSAGES, admissionEnquirySchema } from '@schooliko/common/website';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/answer';
import { requireAuth } from '../../plugins/auth';
import { clientIp, type RateRule, rateLimiter } from '../../plugins/rate-limit';
import { requireTenant } from '../../plugins/tenant';
import { assertCanReadEnquiries } from './admissions.policy';
import { listEnquiries, receiveEnquiry } from './admissions.service';

export const ADMISSION_RATE: RateRule = { name: 'admission-ip', max: 5, windowSeconds: 600 };

/** Admission enquiries: sent by visitors of the public site, read by the reception. */
export const admissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const limiter = rateLimiter(app);

  app.post(
    '/public/admissions',
    {
      schema: {
        tags: ['public site'],
        summary: 'Sends an admission enquiry (only while online admission is switched on)',
        body: admissionEnquirySchema,
      },
    },
    async (request, reply) => {
      const institute = await requireTenant(request);
      await limiter.consume([ADMISSION_RATE, `${institute.id}:${clientIp(request)}`]);
      const data = await receiveEnquiry(db, app.notificationHub, institute, request.body);
      reply.status(201);
      return ok({ id: data.id }, ADMISSION_MESSAGES.received);
    },
  );

  app.get(
    '/admissions',
    {
      schema: {
        tags: ['admissions'],
        summary: 'Admission enquiries of the institute, newest first',
        querystring: listQuerySchema,
      },
    },
    async (request) => {
      const ctx = await requireAuth(request);
      await assertCanReadEnquiries(db, ctx);
      return ok(await listEnquiries(db, ctx.institute.id, request.query));
    },
  );
};
