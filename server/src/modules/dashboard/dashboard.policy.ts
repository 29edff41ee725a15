import type { Role } from '@schooliko/common/auth';

/** Spec 6.2: /admin/dashboard is the admin's; its figures are their own institute's only. */
export const ADMIN_DASHBOARD_ROLES: readonly Role[] = ['admin'];
