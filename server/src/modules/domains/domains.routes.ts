import {
  checkDomainAnswerSchema,
  checkDomainQuerySchema,
  DEV_DOMAIN_EXTENSION,
  DOMAIN_EXTENSIONS,
  DOMAIN_MESSAGES,
  DOMAIN_PROVIDERS,
  domainRecordSchema,
  domainRegisteredSchema,
  domainRegistrationSchema,
  domainUpdateSchema,
  registrationSettingsSchema,
} from '@schooliko/common/domains';
import { failSchema, listQuerySchema, listSchema, okSchema } from '@schooliko/common/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../kit/answer';
import { requireOperator } from '../../platform/auth/operator.policy';
import { assertRegistrableDomain } from '../../platform/institutes/subdomain-rules';
import { clientIp, rateLimiter } from '../../plugins/rate-limit';
import { allowLocalhostDomains, DOMAIN_RATE_RULES } from './domains.policy';
import {
  type DomainContext,
  deleteDomain,
  getDomain,
  isDomainTaken,
  listDomains,
  registerDomain,
  updateDomain,
} from './domains.service';

const failures = {
  400: failSchema,
  401: failSchema,
  403: failSchema,
  404: failSchema,
  409: failSchema,
  429: failSchema,
};
const idParams = z.object({ id: z.uuid('Domain not found') });

/** Spec 7.6: domain availability and registration (public, by grant), and the operator's records. */
export const domainsRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = rateLimiter(app);
  const allowLocalhost = allowLocalhostDomains(app);
  const ctx: DomainContext = {
    platformDomain: app.config.PLATFORM_DOMAIN,
    ownsUrl: (url) => app.storage.owns(url),
  };
  const forget = (...names: (string | null | undefined)[]) => app.institutes.forget(...names);

  app.get(
    '/registration-settings',
    {
      schema: {
        tags: ['domains'],
        summary: 'What the registration wizard needs to know before it validates',
        response: { 200: okSchema(registrationSettingsSchema) },
      },
    },
    async () =>
      ok({
        allow_localhost: allowLocalhost,
        dev_mail_viewer: app.config.NODE_ENV !== 'production' && !app.config.SMTP_URL,
        platform_domain: app.config.PLATFORM_DOMAIN,
        extensions: allowLocalhost ? [...DOMAIN_EXTENSIONS, DEV_DOMAIN_EXTENSION] : [...DOMAIN_EXTENSIONS],
        providers: [...DOMAIN_PROVIDERS],
      }),
  );

  app.get(
    '/check-domain',
    {
      schema: {
        tags: ['domains'],
        summary: 'Is a domain still free to register?',
        querystring: checkDomainQuerySchema(allowLocalhost),
        response: { 200: checkDomainAnswerSchema, ...failures },
      },
    },
    async (request) => {
      await limiter.consume([DOMAIN_RATE_RULES.checkIp, clientIp(request)]);
      const exists = await isDomainTaken(app.database.db, request.query.domain_name);
      if (!exists) await assertRegistrableDomain(app.database.db, request.query.domain_name);
      return {
        success: true as const,
        exists,
        message: (exists ? DOMAIN_MESSAGES.domainExists : DOMAIN_MESSAGES.domainAvailable).text,
      };
    },
  );

  app.post(
    '/domain-register',
    {
      schema: {
        tags: ['domains'],
        summary: 'Register a domain and create its institute (needs the registration token)',
        body: domainRegistrationSchema(allowLocalhost),
        response: { 201: okSchema(domainRegisteredSchema), ...failures },
      },
    },
    async (request, reply) => {
      await limiter.consume([DOMAIN_RATE_RULES.registerIp, clientIp(request)]);
      const header = request.headers['x-registration-token'];
      const token = request.body.registration_token || (typeof header === 'string' ? header : undefined);
      const registered = await registerDomain(app.database.db, ctx, {
        ...request.body,
        registration_token: token,
      });
      await forget(registered.domainName, registered.subdomain);
      return reply.status(201).send(
        ok(
          {
            institute_id: registered.instituteId,
            domain_name: registered.domainName,
            url: registered.url,
            subdomain: registered.subdomain,
          },
          DOMAIN_MESSAGES.registered,
        ),
      );
    },
  );

  app.get(
    '/domain-get-all',
    {
      schema: {
        tags: ['domains'],
        summary: 'Registered domains, by page (operators only)',
        querystring: listQuerySchema,
        response: { 200: okSchema(listSchema(domainRecordSchema)), ...failures },
      },
    },
    async (request) => {
      await requireOperator(request);
      return ok(await listDomains(app.database.db, request.query));
    },
  );

  app.get(
    '/domain-get/:id',
    {
      schema: {
        tags: ['domains'],
        summary: 'One registered domain (operators only)',
        params: idParams,
        response: { 200: okSchema(domainRecordSchema), ...failures },
      },
    },
    async (request) => {
      await requireOperator(request);
      return ok(await getDomain(app.database.db, request.params.id));
    },
  );

  app.put(
    '/domain-update/:domainId',
    {
      schema: {
        tags: ['domains'],
        summary: 'Change a registered domain; its institute follows (operators only)',
        params: z.object({ domainId: z.uuid('Domain not found') }),
        body: domainUpdateSchema(allowLocalhost),
        response: { 200: okSchema(domainRecordSchema), ...failures },
      },
    },
    async (request) => {
      await requireOperator(request);
      const changed = await updateDomain(app.database.db, ctx, request.params.domainId, request.body);
      await forget(...changed.names);
      return ok(changed.record, DOMAIN_MESSAGES.updated);
    },
  );

  app.delete(
    '/domain-delete/:id',
    {
      schema: {
        tags: ['domains'],
        summary: 'Remove a registration record; the institute stays (operators only)',
        params: idParams,
        response: { 200: okSchema(z.object({ id: z.string() })), ...failures },
      },
    },
    async (request) => {
      await requireOperator(request);
      await deleteDomain(app.database.db, request.params.id);
      return ok({ id: request.params.id }, DOMAIN_MESSAGES.deleted);
    },
  );
};
