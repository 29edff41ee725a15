import { normaliseHost } from '@schooliko/common/hosts';
import { failSchema, okSchema } from '@schooliko/common/http';
import { basicDataBodySchema, brandingSchema, INSTITUTE_MESSAGES } from '@schooliko/common/institutes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { httpError } from '../../plugins/errors';
import { institutesOperatorRoutes } from './institutes.operator.routes';
import { toBranding } from './institutes.service';

const brandingReply = { 200: okSchema(brandingSchema), 404: failSchema };

/** Public branding lookups: what the sign-in pages and the landing page show for a domain. */
export const institutesRoutes: FastifyPluginAsyncZod = async (app) => {
  async function branding(domain: string) {
    const institute = await app.institutes.byDomain(normaliseHost(domain));
    if (!institute) throw httpError(404, INSTITUTE_MESSAGES.notFound);
    return { success: true as const, data: toBranding(institute) };
  }

  app.post(
    '/basic-data',
    {
      schema: {
        tags: ['institutes'],
        summary: 'Branding of the institute served on a domain',
        body: basicDataBodySchema,
        response: brandingReply,
      },
    },
    async (request) => branding(request.body.domain),
  );

  app.get(
    '/domain/:domain',
    {
      schema: {
        tags: ['institutes'],
        summary: 'Branding of the institute served on a domain',
        params: z.object({ domain: basicDataBodySchema.shape.domain }),
        response: brandingReply,
      },
    },
    async (request) => branding(request.params.domain),
  );

  await app.register(institutesOperatorRoutes);
};
