import { okSchema } from '@schooliko/common/http';
import {
  INVITATION_MESSAGES,
  type InviteKind,
  invitationResultSchema,
  inviteSchema,
} from '@schooliko/common/people/invitations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/answer';
import { scoped } from '../../kit/scope';
import { invitePeople } from './invitations.service';

/**
 * `POST <prefix>/invitations` for a record kind (staff, guardians, students): invites the chosen
 * records to sign in (invitations.service.ts). Needs people:invite.
 */
export function invitationRoute(kind: InviteKind, tags: string[]): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/invitations',
      {
        config: { permission: 'people:invite' },
        schema: {
          tags,
          summary: 'Invite records to sign in: an account, a membership and a mail each',
          body: inviteSchema,
          response: { 200: okSchema(invitationResultSchema) },
        },
      },
      async (request) => {
        const { members, ...result } = await scoped(request, (tx, actor) =>
          invitePeople(tx, actor, kind, request.body, app.config.PUBLIC_URL),
        );
        // Committed: a member whose roles changed acts with them on their next request.
        const instituteId = request.actor?.institute.id ?? '';
        for (const userId of members)
          await app.invalidation.invalidate({ kind: 'membership', instituteId, userId });
        return ok(result, INVITATION_MESSAGES.sent);
      },
    );
  };
}
