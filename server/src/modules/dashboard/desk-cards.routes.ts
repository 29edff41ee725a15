import { type DeskCards, deskCardsSchema } from '@schooliko/common/desk/cards';
import { okSchema } from '@schooliko/common/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { answer } from '../../kit/answer';
import { permissionsOf } from '../../kit/permissions';
import { type Actor, holds, inInstitute } from '../../kit/scope';
import type { AuthContext } from '../../plugins/auth';
import { openComplaints } from '../complaints';
import { newEnquiries } from '../enquiries';

/** New enquiries and open complaints the caller may see (null: not theirs to see). */
async function figures(tx: Db, actor: Actor): Promise<DeskCards> {
  return {
    new_enquiries: holds(actor, 'reception:read') ? await newEnquiries(tx, actor.institute.id) : null,
    open_complaints: holds(actor, 'complaints:read') ? await openComplaints(tx, actor) : null,
  };
}

/** The admin home's desk figures, as the signed-in admin may see them (admin dashboard). */
export function deskFigures(db: Db, ctx: AuthContext): Promise<DeskCards> {
  const actor: Actor = { ...ctx, permissions: permissionsOf(ctx.role, ctx.jobSets) };
  return inInstitute(db, ctx.institute.id, (tx) => figures(tx, actor));
}

/** The same cards on their own, for a receptionist's home (issue 15 item 7). */
export const deskCardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/desk',
    {
      config: { permission: ['reception:read', 'complaints:read'] },
      schema: {
        tags: ['dashboard'],
        summary:
          'New admission enquiries and open complaints (a committee complaint counts for its members only)',
        response: { 200: okSchema(deskCardsSchema) },
      },
    },
    async (request) => answer(request, figures),
  );
};
