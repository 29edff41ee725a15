import { okSchema } from '@schooliko/common/http';
import { branchListSchema } from '@schooliko/common/people/branches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/answer';
import { actorOf } from '../../kit/scope';
import { listBranches } from './branches.service';

/** School lists and the group view (MODULES.md section 1): the group's institutes with live figures. */
export const branchesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { permission: 'branches:read' },
      schema: {
        tags: ['branches'],
        summary: "The institutes of the caller's group with students, staff and sections on rolls",
        response: { 200: okSchema(branchListSchema) },
      },
    },
    async (request) => ok(await listBranches(app.database.db, actorOf(request))),
  );
};
