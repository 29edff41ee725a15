import { ROLES, type Role } from '@schooliko/common/auth';

/**
 * Who may call each route of the API: DATA, read by the roles and tenant-isolation suites
 * (server/src/security/*.test.ts). Every operation in the OpenAPI document must have a line here:
 * a new route is declared, not coded. An entry is one audience or a list of them (any suffices):
 *
 * - 'public'     anybody, signed in or not (the route must still reveal no other tenant's private data)
 * - 'signed-in'  any active member of the host's institute, in any role
 * - a Role       members acting in that role ('admin', 'director', 'teacher', 'student', 'parent')
 * - 'operator'   platform operators (users.is_operator); platform-wide by design, so the tenant
 *                suite leaves these to the roles suite
 * - 'grant'      a BDR holding a registration token (X-Registration-Token, from /api/bdrs/verify-otp)
 * - 'dev'        development tools, open to anybody but absent when NODE_ENV=production
 *
 * `inputRefusals`: statuses an allowed caller may still get for the generated request because of
 * its content (e.g. 401 "Invalid email or password" on sign-in), which are then not read as a
 * refusal of the caller. Keep it empty unless a route's own answers need it.
 */
export type Audience = 'public' | 'signed-in' | 'operator' | 'grant' | 'dev' | Role;
export type AccessRule = {
  who: Audience | readonly Audience[];
  inputRefusals?: readonly number[];
  note?: string;
};
export type AccessEntry = Audience | readonly Audience[] | AccessRule;

const MANAGERS = ['admin', 'director'] as const satisfies readonly Role[];

export const ACCESS_TABLE: Record<string, AccessEntry> = {
  'GET /api/health': 'public',

  // Branding (spec 7.5) and the operators' institute directory.
  'POST /api/institutes/basic-data': 'public',
  'GET /api/institutes/domain/:domain': 'public',
  'GET /api/institutes': 'operator',
  'GET /api/institutes/:id': 'operator',
  'POST /api/institutes': 'operator',
  'PUT /api/institutes/:instituteId': 'operator',
  'DELETE /api/institutes/:id': 'operator',

  // Auth (spec 7.1): the entry points are public; their answers depend on the credentials sent.
  'POST /api/auth/signUp': { who: 'public', inputRefusals: [401, 403] },
  'POST /api/auth/signin': { who: 'public', inputRefusals: [401, 403] },
  'POST /api/auth/refresh': { who: 'public', inputRefusals: [401] },
  'POST /api/auth/signOut': 'public',
  'GET /api/auth/me': 'signed-in',
  'PUT /api/auth/me': 'signed-in',
  'POST /api/auth/me/photo': 'signed-in',
  'DELETE /api/auth/me/photo': 'signed-in',
  'GET /api/auth/me/photo/:file': 'signed-in',
  'POST /api/auth/change-password': 'signed-in',
  'POST /api/auth/switch-role': { who: 'signed-in', inputRefusals: [403] },
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  // Continue with Google: redirects that sign in only with the provider's verified answer.
  'GET /api/auth/google/start': 'public',
  'GET /api/auth/google/callback': 'public',
  'POST /api/auth/google/prefill': { who: 'public', inputRefusals: [400] },

  'GET /api/dev/outbox': 'dev',

  // Notifications (spec 7.4): every role has its own.
  'GET /api/notifications': 'signed-in',
  'GET /api/notifications/unreadCount': 'signed-in',
  'POST /api/notifications/:id/markAsRead': 'signed-in',
  'POST /api/notifications/markAllAsRead': 'signed-in',
  'POST /api/notifications/:id/approve': 'signed-in',
  'POST /api/notifications/:id/reject': 'signed-in',
  'GET /api/notifications/stream': 'signed-in',

  'GET /api/pincode/:pincode': 'public',

  // Website builder and contact information (spec 2.10, 2.15, 6.3): admins and directors.
  'GET /api/website': MANAGERS,
  'PUT /api/website/draft': MANAGERS,
  'POST /api/website/publish': MANAGERS,
  'GET /api/website/preview': MANAGERS,
  'POST /api/website/institutes': MANAGERS,
  'GET /api/public/site': 'public',
  'GET /api/public/events': 'public',
  'GET /api/profile': MANAGERS,
  'PUT /api/profile': MANAGERS,
  'POST /api/public/admissions': {
    who: 'public',
    inputRefusals: [403],
    note: 'refused (403) while the institute has not published a site with online admission',
  },
  'GET /api/admissions': MANAGERS,

  'GET /api/dashboard/admin': ['admin'],
  'GET /api/dashboard/director/fees': ['director'],

  // Groups (spec 7.2, 6.3): browsing for admins and directors, the rest for directors.
  'GET /api/groups': MANAGERS,
  'GET /api/groups/search': MANAGERS,
  'GET /api/groups/director/my-groups': ['director'],
  'GET /api/groups/:id': MANAGERS,
  'POST /api/groups': ['director'],
  'PUT /api/groups/:id': ['director'],
  'POST /api/groups/temp/logo': ['director'],
  'POST /api/group-requests': ['director'],
  'GET /api/group-requests/status': ['director'],
  'GET /api/directors/profile/:id': ['director'],
  'PUT /api/directors/profile/:id': ['director'],

  // Domain registration (spec 2.16, 7.6): BDR steps are public, registering needs the grant.
  'GET /api/bdrs/fetch': 'public',
  'POST /api/bdrs/verify-otp': { who: 'public', inputRefusals: [401] },
  'GET /api/domains/registration-settings': 'public',
  'GET /api/domains/check-domain': 'public',
  'POST /api/domains/domain-register': 'grant',
  'GET /api/domains/domain-get-all': 'operator',
  'GET /api/domains/domain-get/:id': 'operator',
  'PUT /api/domains/domain-update/:domainId': 'operator',
  'DELETE /api/domains/domain-delete/:id': 'operator',

  'POST /api/uploads': ['signed-in', 'grant'],

  // Online fee payment: Razorpay's webhook is signed by the gateway (400 to a bad signature).
  'POST /api/fees/webhooks/razorpay': { who: 'public', inputRefusals: [400] },

  // The SMS gateway's push delivery report: its credential is the secret token in the URL
  // (SMS_DLR_TOKEN), so a generated request is refused with 401 for its content.
  'GET /api/messaging/sms/delivery-reports': { who: 'public', inputRefusals: [401] },
};

export function accessRule(entry: AccessEntry): AccessRule {
  if (typeof entry === 'string' || Array.isArray(entry)) return { who: entry as Audience | Audience[] };
  return entry as AccessRule;
}

export function audiences(rule: AccessRule): readonly Audience[] {
  return typeof rule.who === 'string' ? [rule.who] : rule.who;
}

/** The callers every route is tried with. `operator` holds the student role at its institute. */
export const CALLERS = [...ROLES, 'pending', 'anonymous', 'operator', 'grant'] as const;
export type Caller = (typeof CALLERS)[number];
export const OPERATOR_ROLE: Role = 'student';

export function isRole(caller: string): caller is Role {
  return (ROLES as readonly string[]).includes(caller);
}

/** Whether the table lets this caller through. */
export function mayCall(rule: AccessRule, caller: Caller): boolean {
  return audiences(rule).some((a) => {
    if (a === 'public' || a === 'dev') return true;
    if (a === 'signed-in') return isRole(caller) || caller === 'operator';
    if (a === 'operator') return caller === 'operator';
    if (a === 'grant') return caller === 'grant';
    return caller === a || (caller === 'operator' && a === OPERATOR_ROLE);
  });
}

export function isPublic(rule: AccessRule): boolean {
  return audiences(rule).some((a) => a === 'public' || a === 'dev');
}
