import { okSchema } from '@schooliko/common/http';
import { CLASS_MESSAGES, classInputSchema, classSchema } from '@schooliko/common/people/classes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerItems, ok } from '../../kit/answer';
import { scoped } from '../../kit/scope';
import { createClass, listClasses } from './classes.service';

const tags = ['classes'];

/** Classes (Nursery … XII), in school order. */
export const classesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { permission: 'classes:read' },
      schema: {
        tags,
        summary: "The institute's classes in school order",
        response: { 200: okSchema(z.object({ items: z.array(classSchema) })) },
      },
    },
    async (request) => answerItems(request, (tx, actor) => listClasses(tx, actor)),
  );

  app.post(
    '/',
    {
      config: { permission: 'classes:write' },
      schema: {
        tags,
        summary: 'Adds a class',
        body: classInputSchema,
        response: { 201: okSchema(classSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => createClass(tx, actor, request.body));
      reply.status(201);
      return ok(data, CLASS_MESSAGES.classCreated);
    },
  );
};
