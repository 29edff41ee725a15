import { randomUUID } from 'node:crypto';
import type { Role } from '@schooliko/common/auth';
import { staff } from '../modules/staff/staff.table';
import { students } from '../modules/students/students.table';
import { createNotifications } from '../platform/notifications/notifications.service';
import { makeInstitute } from '../testing/factories';
import { type Caller, isRole } from './access-table';
import { declaredSecurity } from './declared';
import type { Operation } from './openapi';
import {
  changeRequestOf,
  classOf,
  guardianOf,
  newGuardian,
  photoOf,
  sectionOf,
  staffOf,
  studentOf,
  yearOf,
} from './record-makers';
import type { Answer } from './send';
import type { Party, World } from './world';

/**
 * How to make a resource that belongs to an institute, for a path parameter (or body / query
 * field) of that name on routes under a prefix: DATA for the suites. The roles suite fills ids
 * with the caller's own resources; the tenant suite with institute B's. A name with no maker
 * gets a value from its schema (a random UUID for ids), which every route must refuse too.
 */
export type ResourceContext = {
  world: World;
  /** The institute the resource must belong to. */
  owner: Party;
  /** Who will use it, and from which institute. */
  caller: Caller;
  callerParty: Party;
  op: Operation;
  /** Calls another route of the API as a member of `party` (valid request, fields replaced). */
  call: (
    key: string,
    party: Party,
    caller: Caller,
    fields?: Record<string, unknown>,
  ) => Promise<Answer | undefined>;
  /** A value made once per key for this world (e.g. one group per institute). */
  once: (key: string, make: () => Promise<string | undefined>) => Promise<string | undefined>;
};

export type ResourceMaker = {
  /** Path parameter or body/query field name. */
  name: string;
  /** Route path prefix ('/api/groups' matches '/api/groups/:id'); the longest match wins. */
  under: string;
  methods?: readonly string[];
  make: (c: ResourceContext) => Promise<unknown>;
};

/** The member of `owner` that a caller acts on behalf of: the same role, or the admin. */
function counterpart(c: ResourceContext): { id: string; role: Role } {
  const role: Role = isRole(c.caller) ? c.caller : 'admin';
  return { id: c.owner.members[role].id, role };
}

async function groupOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`group:${c.owner.label}`, async () => {
    // Group picker entries are shown across institutes on purpose: no private marker in them.
    const res = await c.call('POST /api/groups', c.owner, 'director', {
      group_name: `Group ${c.owner.label}`,
    });
    const id = (res?.json as { data?: { _id?: string } } | undefined)?.data?._id;
    if (res && !id)
      throw new Error(`could not create a group for ${c.owner.label}: ${res.status} ${res.text}`);
    return id;
  });
}

/** An image stored through POST /api/uploads by a BDR with a grant (what registration accepts). */
async function uploadedImage(c: ResourceContext, name: string): Promise<string | undefined> {
  return c.once(`image:${name}`, async () => {
    const res = await c.call('POST /api/uploads', c.owner, 'grant');
    const url = (res?.json as { secure_url?: string } | undefined)?.secure_url;
    if (res && !url) throw new Error(`could not upload an image: ${res.status} ${res.text}`);
    return url;
  });
}

const BRANDING_ROLES = ['admin', 'director', 'principal', 'student', 'parent'] as const;

export const RESOURCE_MAKERS: readonly ResourceMaker[] = [
  {
    name: 'id',
    under: '/api/notifications',
    make: async (c) => {
      const [row] = await createNotifications(c.world.t.database.db, c.world.t.app.notificationHub, [
        {
          instituteId: c.owner.institute.id,
          recipientId: counterpart(c).id,
          type: 'join-request',
          title: `Request ${c.owner.secret}`,
          message: `A private note for ${c.owner.secret}`,
          actions: ['approve', 'reject'],
        },
      ]);
      return row?.id;
    },
  },
  { name: 'id', under: '/api/groups', make: groupOf },
  { name: 'id', under: '/api/students', make: studentOf },
  { name: 'file', under: '/api/students', make: (c) => photoOf(c, 'students', studentOf, students) },
  { name: 'file', under: '/api/staff', make: (c) => photoOf(c, 'staff', staffOf, staff) },
  { name: 'student_id', under: '/api', make: studentOf },
  { name: 'id', under: '/api/staff', make: staffOf },
  { name: 'id', under: '/api/academic-years', make: yearOf },
  { name: 'staff_id', under: '/api', make: staffOf },
  { name: 'id', under: '/api/guardians', make: guardianOf },
  // Unlinking is tried on a tie of its own each time; changing a tie on the shared one.
  { name: 'guardianId', under: '/api/students', methods: ['DELETE'], make: (c) => newGuardian(c, true) },
  { name: 'guardianId', under: '/api/students', make: guardianOf },
  // Linking is tried with a guardian not yet tied to anybody.
  { name: 'guardian_id', under: '/api', make: (c) => newGuardian(c, false) },
  { name: 'id', under: '/api/change-requests', make: changeRequestOf },
  { name: 'entity_id', under: '/api/change-requests', make: studentOf },
  { name: 'id', under: '/api/sections', make: sectionOf },
  { name: 'class_id', under: '/api/sections', make: classOf },
  { name: 'academic_year_id', under: '/api/sections', make: yearOf },
  { name: 'class_teacher_id', under: '/api/sections', make: staffOf },
  {
    name: 'teachers',
    under: '/api/sections',
    make: async (c) => {
      const id = await staffOf(c);
      return id && [{ staff_id: id, subject: 'Mathematics' }];
    },
  },
  { name: 'group_id', under: '/api', make: groupOf },
  {
    name: 'id',
    under: '/api/directors/profile',
    make: async (c) => counterpart(c).id,
  },
  { name: 'domain', under: '/api/institutes', make: async (c) => c.owner.institute.domain },
  {
    name: 'id',
    under: '/api/institutes',
    methods: ['DELETE'],
    // Deleting is tried on a throwaway institute, never on the suite's own.
    make: async (c) =>
      (await makeInstitute(c.world.t.database.db, { name: `Throwaway ${c.owner.secret}` })).id,
  },
  { name: 'id', under: '/api/institutes', methods: ['GET'], make: async (c) => c.owner.institute.id },
  { name: 'instituteId', under: '/api/institutes', make: async (c) => c.owner.institute.id },
  { name: 'institute_id', under: '/api', make: async (c) => c.owner.institute.id },
  { name: 'bdr_id', under: '/api', make: async (c) => c.world.bdrId },
  { name: 'logo_url', under: '/api/domains', make: (c) => uploadedImage(c, 'logo') },
  {
    name: 'role_images',
    under: '/api/domains',
    make: async (c) => {
      const url = await uploadedImage(c, 'role');
      return url && BRANDING_ROLES.map((role) => ({ role, image_url: url }));
    },
  },
];

/**
 * The maker for a name on an operation, if any (longest matching prefix), among the suites' own
 * and those the modules declare (`security` in their definitions).
 */
export function makerFor(name: string, op: Operation): ResourceMaker | undefined {
  const path = op.key.slice(op.key.indexOf(' ') + 1);
  return [...RESOURCE_MAKERS, ...declaredSecurity().makers]
    .filter(
      (m) =>
        m.name === name &&
        (path === m.under || path.startsWith(`${m.under}/`)) &&
        (!m.methods || m.methods.includes(op.method)),
    )
    .sort((x, y) => y.under.length - x.under.length)[0];
}

export const randomId = () => randomUUID();

/**
 * Private records every institute starts with, written through the API by one of its members:
 * each carries the institute's marker, which no other institute may ever be shown.
 */
export const PRIVATE_RECORDS: readonly {
  key: string;
  caller: Caller;
  fields: (p: Party) => Record<string, unknown>;
}[] = [
  {
    key: 'PUT /api/website/draft',
    caller: 'admin',
    fields: (p) => ({ tagline: `Draft ${p.secret}`, description: `Not yet published: ${p.secret}` }),
  },
];

/** A notification with the marker for every member (what every role's inbox holds). */
export async function privateNotifications(world: World, party: Party) {
  await createNotifications(
    world.t.database.db,
    world.t.app.notificationHub,
    Object.values(party.members).map((user) => ({
      instituteId: party.institute.id,
      recipientId: user.id,
      type: 'info' as const,
      title: `For ${user.email}`,
      message: `Private to ${party.secret}`,
    })),
  );
}
