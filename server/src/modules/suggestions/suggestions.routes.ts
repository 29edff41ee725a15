import {
  SUGGESTION_MESSAGES,
  suggestionInputSchema,
  suggestionListQuery,
  suggestionSchema,
  suggestionStateSchema,
} from '@schooliko/common/desk/suggestions';
import { listSchema, okSchema } from '@schooliko/common/http';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, ok } from '../../kit/answer';
import { scoped } from '../../kit/scope';
import { createSuggestion, listSuggestions, setSuggestionState } from './suggestions.service';

const tags = ['suggestions'];

/** Suggestions (issue 15 item 6), under /suggestions. */
export const suggestionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { permission: 'suggestions:read' },
      schema: {
        tags,
        summary: 'Suggestions, newest first',
        querystring: suggestionListQuery,
        response: { 200: okSchema(listSchema(suggestionSchema)) },
      },
    },
    async (request) => answer(request, (tx, actor) => listSuggestions(tx, actor, request.query)),
  );
  app.post(
    '/',
    {
      config: { permission: 'suggestions:create' },
      schema: {
        tags,
        summary: 'Files a suggestion, named or anonymous (an anonymous one keeps no trace of its sender)',
        body: suggestionInputSchema,
        response: { 201: okSchema(z.object({ id: z.uuid() })) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => createSuggestion(tx, actor, request.body));
      reply.status(201);
      return ok(data, SUGGESTION_MESSAGES.created);
    },
  );
  app.post(
    '/:id/state',
    {
      config: { permission: 'suggestions:read' },
      schema: {
        tags,
        summary: 'Sets the suggestion’s status',
        params: uuidParam,
        body: suggestionStateSchema,
        response: { 200: okSchema(suggestionSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => setSuggestionState(tx, actor, request.params.id, request.body.state),
        SUGGESTION_MESSAGES.updated,
      ),
  );
};
