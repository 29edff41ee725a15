import { CONTACT_MESSAGES, profileSchema } from '@schooliko/common/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/answer';
import { requireAuth } from '../../plugins/auth';
import { assertCanEditProfile } from './profile.policy';
import { getProfile, saveProfile } from './profile.service';

/** Spec 2.10 / 3.9: the institute's contact information, for its admins and group directors. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/',
    { schema: { tags: ['profile'], summary: "The institute's contact information" } },
    async (request) => {
      const ctx = await requireAuth(request);
      await assertCanEditProfile(db, ctx);
      return ok(await getProfile(db, ctx.institute.id));
    },
  );

  app.put(
    '/',
    {
      schema: {
        tags: ['profile'],
        summary: "Saves the institute's contact information",
        body: profileSchema,
      },
    },
    async (request) => {
      const ctx = await requireAuth(request);
      await assertCanEditProfile(db, ctx);
      const data = await saveProfile(db, ctx, request.body);
      return ok(data, CONTACT_MESSAGES.profileSaved);
    },
  );
};
