import type { Role } from '@schooliko/common/auth';

/** Spec 6.2: /admin/dashboard is the admin's; its figures are their own institute's only. */
export const ADMIN_DASHBOARD_ROLES: readonly Role[] = ['admin'];

/** Spec 2.12: the director's dashboard; fee figures of the institutes of the groups they direct. */
export const DIRECTOR_DASHBOARD_ROLES: readonly Role[] = ['director'];
