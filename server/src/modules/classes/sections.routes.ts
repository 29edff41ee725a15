import { okSchema } from '@schooliko/common/http';
import {
  CLASS_MESSAGES,
  sectionInputSchema,
  sectionListQuery,
  sectionSchema,
  sectionTeachersInputSchema,
  updateSectionSchema,
} from '@schooliko/common/people/classes';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, answerItems, ok } from '../../kit/answer';
import { scoped } from '../../kit/scope';
import { createSection, listSections, setSectionTeachers, updateSection } from './sections.service';

const tags = ['classes'];

/** Sections ("VII-B") of a year: class teacher, capacity, room, roll count and who teaches what. */
export const sectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { permission: 'classes:read' },
      schema: {
        tags,
        summary: 'Sections of a year (the current one by default); mine=true: those the caller teaches',
        querystring: sectionListQuery,
        response: { 200: okSchema(z.object({ items: z.array(sectionSchema) })) },
      },
    },
    async (request) => answerItems(request, (tx, actor) => listSections(tx, actor, request.query)),
  );

  app.post(
    '/',
    {
      config: { permission: 'classes:write' },
      schema: {
        tags,
        summary: 'Adds a section to a class (in the current year unless one is named)',
        body: sectionInputSchema,
        response: { 201: okSchema(sectionSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => createSection(tx, actor, request.body));
      reply.status(201);
      return ok(data, CLASS_MESSAGES.sectionCreated);
    },
  );

  app.patch(
    '/:id',
    {
      config: { permission: 'classes:write' },
      schema: {
        tags,
        summary: 'Changes a section: name, class teacher, capacity, room (audited)',
        params: uuidParam,
        body: updateSectionSchema,
        response: { 200: okSchema(sectionSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => updateSection(tx, actor, request.params.id, request.body),
        CLASS_MESSAGES.sectionUpdated,
      ),
  );

  app.put(
    '/:id/teachers',
    {
      config: { permission: 'classes:write' },
      schema: {
        tags,
        summary: 'Replaces who teaches what in a section (active staff of this institute only)',
        params: uuidParam,
        body: sectionTeachersInputSchema,
        response: { 200: okSchema(sectionSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => setSectionTeachers(tx, actor, request.params.id, request.body),
        CLASS_MESSAGES.sectionUpdated,
      ),
  );
};
