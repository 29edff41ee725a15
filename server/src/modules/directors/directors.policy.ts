import { GROUP_MESSAGES } from '@schooliko/common/groups';
import { httpError } from '../../plugins/errors';
import type { Actor } from '../groups/groups.policy';

/** Spec 7.3: a director's profile is theirs alone, to read and to change. */
export function assertOwnProfile(actor: Actor, directorId: string) {
  if (actor.role !== 'director' || actor.userId !== directorId)
    throw httpError(403, GROUP_MESSAGES.notYourProfile);
}
