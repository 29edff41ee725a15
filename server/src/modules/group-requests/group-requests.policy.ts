import { GROUP_MESSAGES } from '@schooliko/common/groups';
import type { Db } from '../../db/client';
import { httpError } from '../../plugins/errors';
import { type Actor, directorLink } from '../groups';
import type { JoinRequestRow } from './group-requests.table';

/** Only the one who asked may withdraw a request, and only while it waits. */
export function assertMayCancel(actor: Actor, request: JoinRequestRow) {
  if (request.requesterId !== actor.userId) throw httpError(403, GROUP_MESSAGES.notYourRequest);
  if (request.status !== 'pending') throw httpError(409, GROUP_MESSAGES.requestClosed);
}

/**
 * Approving or rejecting is for a primary director of the request's group (spec 6.3: full
 * administrative rights), never for the one who asked.
 */
export async function assertMayDecide(db: Db, actorId: string, request: JoinRequestRow) {
  const link = await directorLink(db, request.groupId, actorId);
  if (!link?.isPrimary) throw httpError(403, GROUP_MESSAGES.onlyPrimaryMayDecide);
  if (request.requesterId === actorId) throw httpError(403, GROUP_MESSAGES.ownRequest);
  if (request.status !== 'pending') throw httpError(409, GROUP_MESSAGES.requestClosed);
}
