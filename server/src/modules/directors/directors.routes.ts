import { directorProfileSchema, directorProfileUpdateSchema } from '@schooliko/common/directors';
import { failSchema, okSchema } from '@schooliko/common/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../kit/answer';
import { requireAuth } from '../../plugins/auth';
import { logoStorage } from '../groups';
import { directorProfile, updateDirectorProfile } from './directors.service';

const params = z.object({ id: z.uuid('Director not found') });
const fails = { 400: failSchema, 401: failSchema, 403: failSchema, 404: failSchema };

/** Spec 7.3: /api/directors/profile/:id, where :id is the director's user id. */
export const directorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const logos = logoStorage(app.storage);
  const db = app.database.db;

  app.get(
    '/profile/:id',
    {
      schema: {
        tags: ['directors'],
        summary: "The signed-in director's links to groups",
        params,
        response: { 200: okSchema(directorProfileSchema), ...fails },
      },
    },
    async (request) => {
      const ctx = await requireAuth(request);
      return ok({ director_data: await directorProfile(db, ctx, request.params.id) });
    },
  );

  app.put(
    '/profile/:id',
    {
      schema: {
        tags: ['directors'],
        summary:
          "Update the director's role flags in a group, and that group's name, type, description and logo",
        params,
        body: directorProfileUpdateSchema,
        response: { 200: okSchema(directorProfileSchema), ...fails },
      },
    },
    async (request) => {
      const ctx = await requireAuth(request);
      const director_data = await updateDirectorProfile(
        db,
        { ...ctx, logos },
        request.params.id,
        request.body,
      );
      return ok({ director_data }, 'Director profile updated');
    },
  );
};
