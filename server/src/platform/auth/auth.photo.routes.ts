import { authUserSchema } from '@schooliko/common/auth';
import { failSchema, okSchema } from '@schooliko/common/http';
import { PHOTO_MESSAGES } from '@schooliko/common/people/photos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/answer';
import { requireAuth } from '../../plugins/auth';
import { rateLimiter } from '../../plugins/rate-limit';
import { acceptMultipart } from '../../plugins/uploads';
import { PHOTO_FAILS, receivePhoto } from '../uploads';
import { setAccountPhoto } from './auth.account';

/** Where a person's own photos are stored: one account, every institute, so under the user alone. */
export const accountPhotoFolder = (userId: string) => `people/users/${userId}`.toLowerCase();

/**
 * Profile Settings: the signed-in person's own photo, `POST /api/auth/me/photo` (multipart `file`,
 * through the people photos' pipeline: JPEG, PNG or WebP under 2 MB, re-encoded without metadata)
 * and `DELETE /api/auth/me/photo` (''; the stored file stays). Both answer the user as /me does.
 */
export const accountPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = rateLimiter(app);
  await acceptMultipart(app);
  const answer = okSchema(authUserSchema);

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
        folder: async () => accountPhotoFolder(ctx.userId),
      });
      const data = await setAccountPhoto(app.database.db, ctx, url);
      return ok(data, PHOTO_MESSAGES.uploaded);
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
      const data = await setAccountPhoto(app.database.db, ctx, '');
      return ok(data, PHOTO_MESSAGES.removed);
    },
  );
};
