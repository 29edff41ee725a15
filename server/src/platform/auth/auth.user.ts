import type { AuthUser, Role } from '@schooliko/common/auth';
import type { JobSet } from '@schooliko/common/permissions';
import { permissionsOf } from '../../kit/permissions';
import type { Institute } from '../institutes/institutes.table';
import type { User } from './auth.table';

/** Spec 3.1 as the server sends it: snake_case, `_id` and `id`, this institute's roles. */
export function toAuthUser(
  user: Pick<User, 'id' | 'firstName' | 'lastName' | 'email' | 'mobile' | 'photoUrl' | 'isOperator'>,
  institute: Institute,
  role: Role,
  roles: readonly Role[],
  jobSets: readonly JobSet[] = [],
): AuthUser {
  return {
    _id: user.id,
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    full_name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    mobile: user.mobile,
    photo_url: user.photoUrl,
    role,
    roles: [...roles],
    permissions: permissionsOf(role, jobSets),
    is_operator: user.isOperator,
    current_institute_id: institute.id,
    institute_data: { institute_id: institute.id, institute_name: institute.name },
  };
}
