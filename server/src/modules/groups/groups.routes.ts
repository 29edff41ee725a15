import {
  GROUP_MESSAGES,
  GROUP_SEARCH_LIMIT,
  groupCreatedSchema,
  groupCreateSchema,
  groupIdParamsSchema,
  groupListAnswerSchema,
  groupListQuerySchema,
  groupSchema,
  groupSearchAnswerSchema,
  groupSearchQuerySchema,
  groupUpdateSchema,
  myGroupsSchema,
} from '@schooliko/common/groups';
import { failSchema, okSchema, pagination } from '@schooliko/common/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/answer';
import { requireAuth } from '../../plugins/auth';
import { logoStorage } from './groups.logo';
import { groupLogoRoute } from './groups.logo-route';
import { GROUP_BROWSER_ROLES, GROUP_DIRECTOR_ROLES } from './groups.policy';
import { listGroupSummaries, searchGroupSummaries } from './groups.read';
import { createGroup, getGroup, myGroups, updateGroup } from './groups.service';

const fails = { 400: failSchema, 401: failSchema, 403: failSchema, 404: failSchema, 409: failSchema };

/** Spec 7.2: groups of institutes, under /api/groups. */
export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const logos = logoStorage(app.storage);
  const db = app.database.db;

  app.get(
    '/',
    {
      schema: {
        tags: ['groups'],
        summary: 'List groups (picker entries), by name, code or type',
        querystring: groupListQuerySchema,
        response: { 200: okSchema(groupListAnswerSchema), ...fails },
      },
    },
    async (request) => {
      await requireAuth(request, GROUP_BROWSER_ROLES);
      const { items, total } = await listGroupSummaries(db, request.query);
      return ok({ items, groups: items, pagination: pagination(request.query, total) });
    },
  );

  app.get(
    '/search',
    {
      schema: {
        tags: ['groups'],
        summary: `Find groups whose name, code or type contains q (at most ${GROUP_SEARCH_LIMIT})`,
        querystring: groupSearchQuerySchema,
        response: { 200: okSchema(groupSearchAnswerSchema), ...fails },
      },
    },
    async (request) => {
      await requireAuth(request, GROUP_BROWSER_ROLES);
      const groups = await searchGroupSummaries(db, request.query, GROUP_SEARCH_LIMIT);
      return ok({ groups });
    },
  );

  app.get(
    '/director/my-groups',
    {
      schema: {
        tags: ['groups'],
        summary: "The signed-in director's groups with totals",
        response: { 200: okSchema(myGroupsSchema), ...fails },
      },
    },
    async (request) => {
      const ctx = await requireAuth(request, GROUP_DIRECTOR_ROLES);
      return ok(await myGroups(db, ctx));
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['groups'],
        summary: "A group's details (its directors, and admins and directors of its institutes)",
        params: groupIdParamsSchema,
        response: { 200: okSchema(groupSchema), ...fails },
      },
    },
    async (request) => {
      const ctx = await requireAuth(request);
      return ok(await getGroup(db, ctx, request.params.id));
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Create a group; the director becomes its director and their institute joins it',
        body: groupCreateSchema,
        response: { 201: okSchema(groupCreatedSchema), ...fails },
      },
    },
    async (request, reply) => {
      const ctx = await requireAuth(request, GROUP_DIRECTOR_ROLES);
      const { created, changed } = await createGroup(db, { ...ctx, logos }, request.body);
      if (changed) await app.institutes.forget(changed.domain, changed.subdomain);
      const message = created.group_logo ? GROUP_MESSAGES.createdWithLogo : GROUP_MESSAGES.created;
      return reply.status(201).send(ok(created, message));
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['groups'],
        summary: "Change a group's details (its directors only)",
        params: groupIdParamsSchema,
        body: groupUpdateSchema,
        response: { 200: okSchema(groupSchema), ...fails },
      },
    },
    async (request) => {
      const ctx = await requireAuth(request, GROUP_DIRECTOR_ROLES);
      const group = await updateGroup(db, { ...ctx, logos }, request.params.id, request.body);
      return ok(group, GROUP_MESSAGES.updated);
    },
  );

  await app.register(groupLogoRoute);
};
