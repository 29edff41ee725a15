import { okSchema } from '@schooliko/common/http';
import { uuidParam } from '@schooliko/common/people/fields';
import {
  createGuardianSchema,
  GUARDIAN_MESSAGES,
  guardianListQuery,
  guardianSchema,
  linkGuardianSchema,
  siblingSchema,
  studentGuardianParams,
  updateGuardianLinkSchema,
  updateGuardianSchema,
} from '@schooliko/common/people/guardians';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, answerItems, ok } from '../../kit/answer';
import { recordRoutes } from '../../kit/record-routes';
import { scoped } from '../../kit/scope';
import { historyRoute } from '../../platform/audit/audit.routes';
import { invitationRoute } from '../invitations';
import { GUARDIAN_COLUMNS } from './guardians.columns';
import { linkGuardian, siblingsOf, unlinkGuardian, updateLink } from './guardians.links';
import {
  createGuardian,
  findGuardian,
  findGuardianRow,
  guardiansMatching,
  listGuardians,
  updateGuardian,
} from './guardians.service';

const tags = ['guardians'];

/** Guardians (issue 12), under /api/guardians. */
export const guardiansRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    recordRoutes({
      tags,
      permissions: {
        read: ['guardians:read', 'guardians:read:own'],
        create: 'guardians:write',
        update: 'guardians:write',
      },
      schemas: {
        query: guardianListQuery,
        item: guardianSchema,
        create: createGuardianSchema,
        update: updateGuardianSchema,
      },
      summaries: {
        list: 'Guardians the caller may see, with their children, a page at a time',
        create: 'Adds a guardian, and ties them to a student when one is named',
        read: 'One guardian',
        update: "Changes a guardian's record (audited)",
      },
      messages: GUARDIAN_MESSAGES,
      file: { name: 'guardians', sheet: 'Guardians', columns: GUARDIAN_COLUMNS },
      list: listGuardians,
      matching: guardiansMatching,
      create: createGuardian,
      read: findGuardian,
      update: async (tx, actor, id, input) => ({ item: await updateGuardian(tx, actor, id, input) }),
    }),
  );
  await app.register(invitationRoute('guardians', tags));
  await app.register(
    historyRoute({
      tags,
      summary: "A guardian record's audit trail, newest first",
      entities: ['guardian'],
      find: findGuardianRow,
    }),
  );
};

/** A student's guardians and siblings, under /api/students. */
export const studentGuardiansRoutes: FastifyPluginAsyncZod = async (app) => {
  const studentTags = ['students'];

  app.post(
    '/:id/guardians',
    {
      config: { permission: 'guardians:write' },
      schema: {
        tags: studentTags,
        summary: 'Ties an existing guardian to the student (409 when already tied)',
        params: uuidParam,
        body: linkGuardianSchema,
        response: { 201: okSchema(guardianSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, async (tx, actor) => {
        await linkGuardian(tx, actor, request.params.id, request.body);
        return findGuardian(tx, actor, request.body.guardian_id);
      });
      reply.status(201);
      return ok(data, GUARDIAN_MESSAGES.linked);
    },
  );

  app.patch(
    '/:id/guardians/:guardianId',
    {
      config: { permission: 'guardians:write' },
      schema: {
        tags: studentTags,
        summary: "Changes a guardian's tie to the student: relation, pickup, primary",
        params: studentGuardianParams,
        body: updateGuardianLinkSchema,
        response: { 200: okSchema(guardianSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        async (tx, actor) => {
          await updateLink(tx, actor, request.params.id, request.params.guardianId, request.body);
          return findGuardian(tx, actor, request.params.guardianId);
        },
        GUARDIAN_MESSAGES.linkSaved,
      ),
  );

  app.delete(
    '/:id/guardians/:guardianId',
    {
      config: { permission: 'guardians:write' },
      schema: {
        tags: studentTags,
        summary: 'Unties a guardian from the student (audited)',
        params: studentGuardianParams,
        response: { 200: okSchema(z.object({ student_id: z.string(), guardian_id: z.string() })) },
      },
    },
    async (request) => {
      const { id, guardianId } = request.params;
      await scoped(request, (tx, actor) => unlinkGuardian(tx, actor, id, guardianId));
      return ok({ student_id: id, guardian_id: guardianId }, GUARDIAN_MESSAGES.unlinked);
    },
  );

  app.get(
    '/:id/siblings',
    {
      config: { permission: ['students:read', 'students:read:own'] },
      schema: {
        tags: studentTags,
        summary: "The other students of the student's family",
        params: uuidParam,
        response: { 200: okSchema(z.object({ items: z.array(siblingSchema) })) },
      },
    },
    async (request) => answerItems(request, (tx, actor) => siblingsOf(tx, actor, request.params.id)),
  );
};
