import { normaliseHost } from '@schooliko/common/hosts';
import { failSchema, okSchema } from '@schooliko/common/http';
import type { Branding } from '@schooliko/common/institutes';
import { basicDataBodySchema, brandingSchema, INSTITUTE_MESSAGES } from '@schooliko/common/institutes';
import type { FastifySerializerCompiler } from 'fastify';
import { type FastifyPluginAsyncZod, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { googleSignInEnabled } from '../../config';
import { ok } from '../../kit/answer';
import { httpError } from '../../plugins/errors';
import { institutesOperatorRoutes } from './institutes.operator.routes';
import { toBranding } from './institutes.service';
import type { Institute } from './institutes.table';

const brandingReply = { 200: okSchema(brandingSchema), 404: failSchema };

type BrandingAnswer = Readonly<{ success: true; data: Branding }>;

/**
 * The route's serializer, remembering what it wrote for each answer object: the branding answers
 * are frozen and made once per cached institute, so each is serialised once.
 */
const rememberingSerializer: FastifySerializerCompiler<unknown> = (route) => {
  const serialize = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  const written = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return serialize(data);
    let json = written.get(data);
    if (json === undefined) {
      json = serialize(data);
      written.set(data, json);
    }
    return json;
  };
};

/**
 * Public branding lookups: what the sign-in pages and the landing page show for a domain. Every
 * page load asks; the institute comes from the directory's cache, and its answer is built and
 * serialised once per cached row (a changed institute is a new row).
 */
export const institutesRoutes: FastifyPluginAsyncZod = async (app) => {
  const answers = new WeakMap<Institute, BrandingAnswer>();
  const googleSignIn = googleSignInEnabled(app.config);

  async function branding(domain: string) {
    const institute = await app.institutes.byDomain(normaliseHost(domain));
    if (!institute) throw httpError(404, INSTITUTE_MESSAGES.notFound);
    let answer = answers.get(institute);
    if (answer === undefined) {
      answer = Object.freeze(ok(Object.freeze(toBranding(institute, googleSignIn))));
      answers.set(institute, answer);
    }
    return answer;
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
      serializerCompiler: rememberingSerializer,
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
      serializerCompiler: rememberingSerializer,
    },
    async (request) => branding(request.params.domain),
  );

  await app.register(institutesOperatorRoutes);
};
