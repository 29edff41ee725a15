import { okSchema } from '@schooliko/common/http';
import {
  academicYearInputSchema,
  academicYearSchema,
  CLASS_MESSAGES,
  currentYearSchema,
} from '@schooliko/common/people/classes';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, answerItems, ok } from '../../kit/answer';
import { scoped } from '../../kit/scope';
import { createYear, currentYear, listYears, makeCurrent } from './classes.service';

const tags = ['classes'];

/** Academic years ("2026-27"): exactly one is current, and it is the default of every year-bound list. */
export const academicYearsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { permission: 'classes:read' },
      schema: {
        tags,
        summary: "The institute's academic years, newest first",
        response: { 200: okSchema(z.object({ items: z.array(academicYearSchema) })) },
      },
    },
    async (request) => answerItems(request, (tx, actor) => listYears(tx, actor)),
  );

  app.get(
    '/current',
    {
      // Every signed-in member sees the session chip: every role holds one of these.
      config: { permission: ['classes:read', 'students:read:own'] },
      schema: {
        tags,
        summary: 'The current academic year (the top bar shows it), or null',
        response: { 200: okSchema(currentYearSchema) },
      },
    },
    async (request) => answer(request, (tx, actor) => currentYear(tx, actor)),
  );

  app.post(
    '/',
    {
      config: { permission: 'academic-years:write' },
      schema: {
        tags,
        summary: 'Adds an academic year (the first one, or one marked current, becomes current)',
        body: academicYearInputSchema,
        response: { 201: okSchema(academicYearSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => createYear(tx, actor, request.body));
      reply.status(201);
      return ok(data, CLASS_MESSAGES.yearCreated);
    },
  );

  app.post(
    '/:id/current',
    {
      config: { permission: 'academic-years:write' },
      schema: {
        tags,
        summary: 'Makes this academic year the current one',
        params: uuidParam,
        response: { 200: okSchema(academicYearSchema) },
      },
    },
    async (request) =>
      answer(request, (tx, actor) => makeCurrent(tx, actor, request.params.id), CLASS_MESSAGES.yearSwitched),
  );
};
