import { randomUUID } from 'node:crypto';
import type { Role } from '@schooliko/common/auth';
import { changeRequests } from '../modules/change-requests/change-requests.table';
import { academicYears, classes, sections } from '../modules/classes/classes.table';
import { guardians, studentGuardians } from '../modules/guardians/guardians.table';
import { staff } from '../modules/staff/staff.table';
import { students } from '../modules/students/students.table';
import { bellPeriods, subjects } from '../modules/timetable/timetable.table';
import { createNotifications } from '../platform/notifications/notifications.service';
import { makeInstitute } from '../testing/factories';
import { type Caller, isRole } from './access-table';
import { declaredSecurity } from './declared';
import type { Operation } from './openapi';
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

/** A student of the owner's institute whose name carries its marker (people records, issue 12). */
export async function studentOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`student:${c.owner.label}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(students)
      .values({
        instituteId: c.owner.institute.id,
        admissionNo: `S-${c.owner.label}`,
        firstName: `Pupil ${c.owner.secret}`,
        dateOfBirth: '2015-04-01',
        gender: 'female',
        userId: c.owner.members.student.id,
      })
      .returning({ id: students.id });
    return row?.id;
  });
}

/** A staff member (no account, so job sets are never handed to a suite member) carrying the marker. */
export async function staffOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`staff:${c.owner.label}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(staff)
      .values({
        instituteId: c.owner.institute.id,
        employeeCode: `E-${c.owner.label}`,
        firstName: `Teacher ${c.owner.secret}`,
        joiningDate: '2020-06-01',
      })
      .returning({ id: staff.id });
    return row?.id;
  });
}

/** An academic year of the owner's institute whose name carries the marker. */
export async function yearOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`year:${c.owner.label}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(academicYears)
      .values({
        instituteId: c.owner.institute.id,
        name: `Year ${c.owner.secret}`,
        startsOn: '2030-04-01',
        endsOn: '2031-03-31',
      })
      .returning({ id: academicYears.id });
    return row?.id;
  });
}

/**
 * A guardian of the owner's institute whose name carries its marker: `linked` ties them to the
 * owner's student (studentOf) as the owner's parent member, so that parent has a child.
 */
async function newGuardian(c: ResourceContext, linked: boolean): Promise<string | undefined> {
  const studentId = linked ? await studentOf(c) : undefined;
  const db = c.world.t.database.db;
  const [row] = await db
    .insert(guardians)
    .values({
      instituteId: c.owner.institute.id,
      name: `Guardian ${c.owner.secret}`,
      phone: '9876500002',
      email: `guardian-${c.owner.secret.toLowerCase()}@example.com`,
      userId: linked ? c.owner.members.parent.id : null,
    })
    .returning({ id: guardians.id });
  if (row && studentId)
    await db
      .insert(studentGuardians)
      .values({ instituteId: c.owner.institute.id, studentId, guardianId: row.id, relation: 'mother' });
  return row?.id;
}

/** The owner's parent member as a guardian of the owner's student (one per institute). */
export const guardianOf = (c: ResourceContext) =>
  c.once(`guardian:${c.owner.label}`, () => newGuardian(c, true));

/** A pending request of the owner's student to change their city (a new one each time: deciding uses it up). */
async function changeRequestOf(c: ResourceContext): Promise<string | undefined> {
  const studentId = await studentOf(c);
  if (!studentId) return undefined;
  const [row] = await c.world.t.database.db
    .insert(changeRequests)
    .values({
      instituteId: c.owner.institute.id,
      entity: 'student',
      entityId: studentId,
      changes: { city: 'Pune' },
      note: `Please update ${c.owner.secret}`,
      requestedBy: c.owner.members.student.id,
      requestedByName: c.owner.members.student.lastName,
    })
    .returning({ id: changeRequests.id });
  return row?.id;
}

export async function classOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`class:${c.owner.label}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(classes)
      .values({ instituteId: c.owner.institute.id, name: `Class ${c.owner.secret}`, sortOrder: 1 })
      .returning({ id: classes.id });
    return row?.id;
  });
}

/** A section whose class name and room carry the marker. */
export async function sectionOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`section:${c.owner.label}`, async () => {
    const [classId, yearId] = [await classOf(c), await yearOf(c)];
    if (!classId || !yearId) return undefined;
    const [row] = await c.world.t.database.db
      .insert(sections)
      .values({
        instituteId: c.owner.institute.id,
        classId,
        academicYearId: yearId,
        name: 'A',
        room: `Room ${c.owner.secret}`,
      })
      .returning({ id: sections.id });
    return row?.id;
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

/** A subject whose name carries the marker, with a bell schedule whose first period is a lesson. */
export async function subjectOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`subject:${c.owner.label}`, async () => {
    const db = c.world.t.database.db;
    await db
      .insert(bellPeriods)
      .values({
        instituteId: c.owner.institute.id,
        period: 1,
        label: 'P1',
        kind: 'lesson',
        startsAt: '08:00',
        endsAt: '08:40',
      })
      .onConflictDoNothing();
    const [row] = await db
      .insert(subjects)
      .values({
        instituteId: c.owner.institute.id,
        name: `Subject ${c.owner.secret}`,
        code: 'SECSUB',
        type: 'compulsory',
      })
      .returning({ id: subjects.id });
    return row?.id;
  });
}

/**
 * The staff record of the owner's teacher account: one per institute, shared by every maker that
 * needs "the teacher's own" section or subject (a second record would leave the policies' staff
 * lookup to pick either).
 */
export async function teacherStaffOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`teacher-staff:${c.owner.label}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(staff)
      .values({
        instituteId: c.owner.institute.id,
        employeeCode: `T-${c.owner.label}`,
        firstName: `Teacher ${c.owner.secret}`,
        joiningDate: '2020-06-01',
        userId: c.owner.members.teacher.id,
      })
      .returning({ id: staff.id });
    return row?.id;
  });
}
