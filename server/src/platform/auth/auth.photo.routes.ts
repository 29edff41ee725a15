import { authUserSchema } from '@schooliko/common/auth';
import { failSchema, okSchema } from '@schooliko/common/http';
import { PHOTO_MESSAGES } from '@schooliko/common/people/photos';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/answer';
import { type AuthContext, requireAuth } from '../../plugins/auth';
import { rateLimiter } from '../../plugins/rate-limit';
import { acceptMultipart, PRIVATE_PREFIX } from '../../plugins/uploads';
import {
  erasePhoto,
  moveOldPhotos,
  PHOTO_FAILS,
  type PhotoPlace,
  photoFileParam,
  receivePhoto,
  sendPhoto,
} from '../uploads';
import { accountPhotoOf, setAccountPhoto } from './auth.account';
import { users } from './auth.table';

/**
 * Where a person's own photos are: one account, every institute, so stored under the user alone
 * (`private/people/users/<id>`) and fetched by that person only, at `/api/auth/me/photo/<file>`.
 */
export const accountPhotoPlace = (userId: string): PhotoPlace => ({
  base: '/api/auth/me',
  folder: `${PRIVATE_PREFIX}people/users/${userId}`.toLowerCase(),
});

/**
 * Profile Settings: the signed-in person's own photo, `POST /api/auth/me/photo` (multipart `file`,
 * through the people photos' pipeline: JPEG, PNG or WebP under 2 MB, re-encoded without metadata)
 * and `DELETE /api/auth/me/photo` (''); the photo it replaces is erased from storage. Both answer
 * the user as /me does. `GET /api/auth/me/photo/:file` streams the person's current photo to them.
 */
export const accountPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = rateLimiter(app);
  await acceptMultipart(app);
  const answer = okSchema(authUserSchema);
  const { db } = app.database;
  const setPhoto = async (request: FastifyRequest, ctx: AuthContext, url: string) => {
    const { before, user } = await setAccountPhoto(db, ctx, url);
    if (before !== url) await erasePhoto(app.storage, accountPhotoPlace(ctx.userId), before, request.log);
    return user;
  };
  app.addHook('onReady', async () => {
    await moveOldPhotos(
      app.storage,
      async (prefix) =>
        (
          await db
            .select({ id: users.id, photoUrl: users.photoUrl })
            .from(users)
            .where(sql`starts_with(${users.photoUrl}, ${prefix})`)
        ).map((row) => ({ ...row, place: accountPhotoPlace(row.id) })),
      async (id, from, to) => {
        await db
          .update(users)
          .set({ photoUrl: to })
          .where(and(eq(users.id, id), eq(users.photoUrl, from)));
      },
    ).catch((err) => app.log.error({ err }, 'old public photos were not moved'));
  });

  app.post(
    '/photo',
    {
      schema: {
        tags: ['auth'],
        summary: "Profile Settings: the signed-in person's own photo",
        consumes: ['multipart/form-data'],
        response: { 200: answer, ...PHOTO_FAILS },
      },
    },
    async (request) => {
      const ctx = await requireAuth(request);
      const url = await receivePhoto(request, {
        storage: app.storage,
        limiter,
        userId: ctx.userId,
        place: async () => accountPhotoPlace(ctx.userId),
      });
      return ok(await setPhoto(request, ctx, url), PHOTO_MESSAGES.uploaded);
    },
  );

  app.delete(
    '/photo',
    {
      schema: {
        tags: ['auth'],
        summary: "Profile Settings: remove the signed-in person's own photo",
        response: { 200: answer, 401: failSchema, 403: failSchema },
      },
    },
    async (request) => {
      const ctx = await requireAuth(request);
      return ok(await setPhoto(request, ctx, ''), PHOTO_MESSAGES.removed);
    },
  );

  app.get(
    '/photo/:file',
    {
      schema: {
        tags: ['auth'],
        summary: "The signed-in person's own photo (Profile Settings, the top bar)",
        params: photoFileParam,
      },
    },
    async (request, reply) => {
      const ctx = await requireAuth(request);
      const current = await accountPhotoOf(db, ctx.userId);
      return sendPhoto(reply, app.storage, accountPhotoPlace(ctx.userId), current, request.params.file);
    },
  );
};
