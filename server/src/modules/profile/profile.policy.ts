import { CONTACT_MESSAGES } from '@schooliko/common/profile';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { assertCanManageInstitute } from '../website';

/** The contact information follows the website's rule: the institute's admins and group directors. */
export const assertCanEditProfile = (db: Db, ctx: AuthContext) =>
  assertCanManageInstitute(db, ctx, CONTACT_MESSAGES.profileForbidden);
