import {
  CALENDAR_MESSAGES,
  calendarEventInputSchema,
  calendarEventPatchSchema,
  calendarEventSchema,
  calendarRangeQuery,
  calendarSettingsSchema,
  dayStatusSchema,
  termInputSchema,
  termSchema,
} from '@schooliko/common/academics/calendar';
import { okSchema } from '@schooliko/common/http';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, answerItems, ok } from '../../kit/answer';
import { inInstitute, scoped } from '../../kit/scope';
import { requireTenant } from '../../plugins/tenant';
import { findWebsite } from '../website';
import {
  cancelEvent,
  createEvent,
  createTerm,
  daysOf,
  listEvents,
  listTerms,
  publicEvents,
  saveSettings,
  settingsOf,
  updateEvent,
} from './calendar.service';

const tags = ['calendar'];
const items = <T extends z.ZodType>(item: T) => okSchema(z.object({ items: z.array(item) }));

/** The school calendar (issue 13 item 1): events, terms, the week's offs and each day's state. */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      config: { permission: 'calendar:read' },
      schema: {
        tags,
        summary: 'Events overlapping the range that the caller is in the audience of',
        querystring: calendarRangeQuery,
        response: { 200: items(calendarEventSchema) },
      },
    },
    async (request) =>
      answerItems(request, (tx, actor) => listEvents(tx, actor, request.query.from, request.query.to)),
  );

  app.post(
    '/events',
    {
      config: { permission: 'calendar:write' },
      schema: {
        tags,
        summary: 'Adds a holiday, exam, PTM or other event',
        body: calendarEventInputSchema,
        response: { 201: okSchema(calendarEventSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => createEvent(tx, actor, request.body));
      reply.status(201);
      return ok(data, CALENDAR_MESSAGES.eventCreated);
    },
  );

  app.patch(
    '/events/:id',
    {
      config: { permission: 'calendar:write' },
      schema: {
        tags,
        summary: 'Changes an event',
        params: uuidParam,
        body: calendarEventPatchSchema,
        response: { 200: okSchema(calendarEventSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => updateEvent(tx, actor, request.params.id, request.body),
        CALENDAR_MESSAGES.eventUpdated,
      ),
  );

  app.post(
    '/events/:id/cancel',
    {
      config: { permission: 'calendar:write' },
      schema: {
        tags,
        summary: 'Cancels an event (kept; a cancelled holiday is a working day again)',
        params: uuidParam,
        response: { 200: okSchema(calendarEventSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => cancelEvent(tx, actor, request.params.id),
        CALENDAR_MESSAGES.eventCancelled,
      ),
  );

  app.get(
    '/days',
    {
      config: { permission: 'calendar:read' },
      schema: {
        tags,
        summary:
          "Each day's state in the range: working, weekly off, Saturday off, holiday or outside the year",
        querystring: calendarRangeQuery,
        response: { 200: items(dayStatusSchema) },
      },
    },
    async (request) =>
      answerItems(request, (tx, actor) =>
        daysOf(tx, actor.institute.id, request.query.from, request.query.to),
      ),
  );

  app.get(
    '/terms',
    {
      config: { permission: 'calendar:read' },
      schema: {
        tags,
        summary: "The year's terms in order",
        querystring: z.object({ academic_year_id: z.uuid() }),
        response: { 200: items(termSchema) },
      },
    },
    async (request) =>
      answerItems(request, (tx, actor) => listTerms(tx, actor, request.query.academic_year_id)),
  );

  app.post(
    '/terms',
    {
      config: { permission: 'calendar:write' },
      schema: {
        tags,
        summary: 'Adds a term inside its year (terms of a year never overlap)',
        body: termInputSchema,
        response: { 201: okSchema(termSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => createTerm(tx, actor, request.body));
      reply.status(201);
      return ok(data, CALENDAR_MESSAGES.termCreated);
    },
  );

  app.get(
    '/settings',
    {
      config: { permission: 'calendar:read' },
      schema: { tags, summary: "The institute's week", response: { 200: okSchema(calendarSettingsSchema) } },
    },
    async (request) => answer(request, (tx, actor) => settingsOf(tx, actor.institute.id)),
  );

  app.put(
    '/settings',
    {
      config: { permission: 'calendar:write' },
      schema: {
        tags,
        summary: "Sets the week's offs, the Saturdays off and whether the site shows public events",
        body: calendarSettingsSchema,
        response: { 200: okSchema(calendarSettingsSchema) },
      },
    },
    async (request) =>
      answer(request, (tx, actor) => saveSettings(tx, actor, request.body), CALENDAR_MESSAGES.settingsSaved),
  );
};

/** The public site's Events block: upcoming public events, when the institute has opted in. */
export const publicEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/events',
    {
      schema: {
        tags: ['public site'],
        summary: "Upcoming public events of the host's institute (none unless it shows them)",
        response: {
          200: items(calendarEventSchema.omit({ cancelled: true, class_ids: true, audience: true })),
        },
      },
    },
    async (request) => {
      const institute = await requireTenant(request);
      // A site not yet published shows its holding page, and no events.
      const site = await findWebsite(app.database.db, institute.id);
      const events = site?.published
        ? await inInstitute(app.database.db, institute.id, (tx) =>
            publicEvents(tx, institute.id, todayInIndia()),
          )
        : [];
      return ok({
        items: events.map(({ cancelled: _c, class_ids: _k, audience: _a, ...event }) => event),
      });
    },
  );
};
