import { createInstituteSchema, WEBSITE_MESSAGES, websiteContentSchema } from '@schooliko/common/website';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/answer';
import { requireAuth } from '../../plugins/auth';
import { requireTenant } from '../../plugins/tenant';
import { applyGroupChoice } from './website.groups';
import { createBranch } from './website.institutes';
import { assertCanManageInstitute } from './website.policy';
import {
  findWebsite,
  getWebsiteState,
  initialDraft,
  loadPublicSite,
  publishDraft,
  saveDraft,
  toPublicSite,
} from './website.service';

const tags = ['website'];

/**
 * The website builder (spec 2.15) for the institute's admins and group directors, and the public
 * site it publishes, found by the request's host.
 */
export const websiteRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  async function manager(request: Parameters<typeof requireAuth>[0]) {
    const ctx = await requireAuth(request);
    await assertCanManageInstitute(db, ctx, WEBSITE_MESSAGES.forbidden);
    return ctx;
  }

  app.get(
    '/website',
    { schema: { tags, summary: "The builder's draft, the published copy and the status" } },
    async (request) => {
      const ctx = await manager(request);
      return ok(await getWebsiteState(db, ctx, app.config.PLATFORM_DOMAIN));
    },
  );

  app.put(
    '/website/draft',
    {
      schema: {
        tags,
        summary: 'Saves the draft (visitors keep seeing the published copy)',
        body: websiteContentSchema,
      },
    },
    async (request) => {
      const ctx = await manager(request);
      await saveDraft(db, ctx, request.body);
      const data = await getWebsiteState(db, ctx, app.config.PLATFORM_DOMAIN);
      return ok(data, WEBSITE_MESSAGES.draftSaved);
    },
  );

  app.post(
    '/website/publish',
    {
      schema: {
        tags,
        summary: 'Publishes the draft (saving the given content first); runs the group choice for directors',
        body: websiteContentSchema.nullish(),
      },
    },
    async (request) => {
      const ctx = await manager(request);
      if (request.body) await saveDraft(db, ctx, request.body);
      const group = await applyGroupChoice(app, ctx);
      const institute = await publishDraft(db, group.ctx);
      await app.institutes.forget(
        institute.domain,
        institute.subdomain,
        ctx.institute.domain,
        ctx.institute.subdomain,
      );
      const data = await getWebsiteState(db, { ...group.ctx, institute }, app.config.PLATFORM_DOMAIN);
      return ok(data, [WEBSITE_MESSAGES.published, group.message].filter(Boolean).join(' '));
    },
  );

  app.get(
    '/website/preview',
    { schema: { tags, summary: 'The public site as it will look with the current draft' } },
    async (request) => {
      const ctx = await manager(request);
      const row = await findWebsite(db, ctx.institute.id);
      const draft = row?.draft ?? (await initialDraft(db, ctx.institute));
      return ok(toPublicSite(ctx.institute, row, { draft }));
    },
  );

  app.post(
    '/website/institutes',
    {
      schema: {
        tags,
        summary: 'Creates a new institute (a branch) on a platform subdomain; the caller becomes its admin',
        body: createInstituteSchema,
      },
    },
    async (request, reply) => {
      const ctx = await manager(request);
      const { created } = await createBranch(db, ctx, request.body, {
        platformDomain: app.config.PLATFORM_DOMAIN,
        perDay: app.config.INSTITUTES_PER_USER_PER_DAY,
      });
      await app.institutes.forget(created.domain);
      reply.status(201);
      return ok(created, WEBSITE_MESSAGES.instituteCreated);
    },
  );

  app.get(
    '/public/site',
    {
      schema: {
        tags: ['public site'],
        summary: "The published website of the host's institute, with its branding",
      },
    },
    async (request, reply) => {
      const institute = await requireTenant(request);
      reply.header('cache-control', 'no-cache');
      return ok(await loadPublicSite(db, institute));
    },
  );
};
