import { z } from 'zod';
import { attendanceTodaySchema } from './academics/attendance';
import { ROLES } from './auth';
import { deskCardsSchema } from './desk/cards';
import { feeFiguresSchema } from './fees/dues';
import { GROUP_TYPES } from './groups';

/** What happened at an institute, for the admin dashboard's recent-activity panel. */
export const ACTIVITY_KINDS = [
  /** Someone signed up at this institute (roles: what they hold or asked for). */
  'member-signed-up',
  'member-approved',
  'member-rejected',
  /** A director of this institute created the institute's group. */
  'group-created',
  /** A director of this institute asked to join a group, and what became of it. */
  'group-join-requested',
  'group-join-approved',
  'group-join-rejected',
  /** The school's own work (issue 32): a pupil admitted, a fee received. */
  'pupil-admitted',
  'fee-received',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const RECENT_ACTIVITY_LIMIT = 10;

export const activitySchema = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  /** Who did it: the member, the director who created / asked, who admitted or received. */
  actor_name: z.string(),
  roles: z.array(z.enum(ROLES)),
  group_name: z.string().nullable(),
  /** The pupil a piece of school work was about (admitted, paid for). */
  subject: z.string().nullable(),
  amount_paise: z.number().nullable(),
  /** ISO time. */
  at: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

/** GET /api/dashboard/admin: live figures of the admin's institute (DESIGN.md 6: no sample numbers). */
export const adminDashboardSchema = z.object({
  institute: z.object({ institute_id: z.string(), institute_name: z.string(), institute_code: z.string() }),
  /**
   * The school's records (issue 32: the tiles had counted sign-in accounts): pupils on the rolls,
   * active teaching staff, and guardians of a pupil on the rolls, as School lists counts them.
   */
  school: z.object({ students: z.number(), teachers: z.number(), guardians: z.number() }),
  /** Active sign-in accounts by role (a member with two roles counts in both); total counts people. */
  members: z.object({
    admin: z.number(),
    director: z.number(),
    teacher: z.number(),
    student: z.number(),
    parent: z.number(),
    total: z.number(),
  }),
  /** Sign-ups waiting for an admin's approval. */
  pending_requests: z.number(),
  /** The institute's group, or null when it is in none. */
  group: z
    .object({
      group_id: z.string(),
      group_name: z.string(),
      group_code: z.string(),
      group_type: z.enum(GROUP_TYPES),
      total_institutes: z.number(),
    })
    .nullable(),
  recent_activity: z.array(activitySchema),
  /** Today's collection and what is due by today and unpaid. */
  fees: feeFiguresSchema,
  /** Today's front desk: visitors in the building and gone, and the day's appointments. */
  reception: z.object({
    visitors_in: z.number(),
    visitors_out: z.number(),
    overstays: z.number(),
    appointments: z.number(),
    appointments_waiting: z.number(),
  }),
  /** New enquiries and open complaints (a committee complaint counts for its members only). */
  desk: deskCardsSchema,
  /** Today's attendance: present of the pupils marked, absentees, sections marked of those with pupils. */
  attendance: attendanceTodaySchema,
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
