import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { assertCanManageInstitute } from '../website';

/** The reception's list follows the website's rule: the institute's admins and group directors. */
export const assertCanReadEnquiries = (db: Db, ctx: AuthContext) =>
  assertCanManageInstitute(
    db,
    ctx,
    "Only the institute's admins and its group's directors can read admission enquiries",
  );
