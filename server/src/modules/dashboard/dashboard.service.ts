import type { AdminDashboard } from '@schooliko/common/dashboard';
import type { GroupFees } from '@schooliko/common/fees/dues';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships } from '../../platform/auth';
import { institutes } from '../../platform/institutes';
import type { AuthContext } from '../../plugins/auth';
import { attendanceToday } from '../attendance';
import { NO_FIGURES, schoolFigures } from '../branches';
import { feeFiguresOf } from '../fees';
import { groupDirectors, groups } from '../groups';
import { appointmentsToday, visitorsToday } from '../reception';
import { recentActivity } from './dashboard.activity';
import { deskFigures } from './desk-cards.routes';

const hasRole = (role: string) =>
  sql<number>`count(*) filter (where ${role} = any(${memberships.roles}))::int`;

/** Spec 2.8, done for real (DESIGN.md 6): the admin's institute in figures, from the database. */
export async function adminDashboard(db: Db, ctx: AuthContext): Promise<AdminDashboard> {
  // Read fresh, not from the branding cache: the group may have changed a moment ago.
  const [institute] = await db.select().from(institutes).where(eq(institutes.id, ctx.instituteId)).limit(1);
  if (!institute) throw new Error('institute of a signed-in admin not found');

  // Every figure at once, each on its own connection: the slowest one sets the time (issue 33).
  const [[counts], [pending], [group], fees, visitors, appointments, figures, recent, desk, attendance] =
    await Promise.all([
      db
        .select({
          admin: hasRole('admin'),
          director: hasRole('director'),
          teacher: hasRole('teacher'),
          student: hasRole('student'),
          parent: hasRole('parent'),
          total: sql<number>`count(*)::int`,
        })
        .from(memberships)
        .where(and(eq(memberships.instituteId, institute.id), eq(memberships.status, 'active'))),
      db
        .select({ n: sql<number>`coalesce(sum(cardinality(${memberships.requestedRoles})), 0)::int` })
        .from(memberships)
        .where(eq(memberships.instituteId, institute.id)),
      institute.groupId
        ? db
            .select({
              id: groups.id,
              name: groups.name,
              code: groups.code,
              type: groups.type,
              total: sql<number>`(select count(*)::int from "institutes" as "member" where "member"."group_id" = "groups"."id")`,
            })
            .from(groups)
            .where(eq(groups.id, institute.groupId))
            .limit(1)
        : Promise.resolve([]),
      feeFiguresOf(db, [institute.id]),
      visitorsToday(db, institute.id),
      appointmentsToday(db, institute.id),
      schoolFigures(db, [institute.id]),
      recentActivity(db, institute),
      deskFigures(db, ctx),
      attendanceToday(db, institute.id, todayInIndia()),
    ]);
  const school = figures.get(institute.id) ?? NO_FIGURES;

  return {
    institute: { institute_id: institute.id, institute_name: institute.name, institute_code: institute.code },
    school: { students: school.students, teachers: school.teachers, guardians: school.guardians },
    members: {
      admin: Number(counts?.admin ?? 0),
      director: Number(counts?.director ?? 0),
      teacher: Number(counts?.teacher ?? 0),
      student: Number(counts?.student ?? 0),
      parent: Number(counts?.parent ?? 0),
      total: Number(counts?.total ?? 0),
    },
    pending_requests: Number(pending?.n ?? 0),
    group: group
      ? {
          group_id: group.id,
          group_name: group.name,
          group_code: group.code,
          group_type: group.type,
          total_institutes: Number(group.total),
        }
      : null,
    recent_activity: recent,
    fees: fees.get(institute.id) ?? { today_paise: 0, today_receipts: 0, outstanding_paise: 0 },
    reception: {
      visitors_in: visitors.in,
      visitors_out: visitors.out,
      overstays: visitors.overstay,
      appointments: appointments.total,
      appointments_waiting: appointments.waiting,
    },
    desk,
    attendance,
  };
}

/** The director's fee figures: each institute of the groups they direct (GET /api/dashboard/director/fees). */
export async function directorFees(db: Db, userId: string): Promise<GroupFees> {
  const rows = await db
    .select({ id: institutes.id, name: institutes.name })
    .from(institutes)
    .innerJoin(groupDirectors, eq(groupDirectors.groupId, institutes.groupId))
    .where(eq(groupDirectors.userId, userId))
    .orderBy(asc(institutes.name));
  const figures = await feeFiguresOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({
      institute_id: r.id,
      institute_name: r.name,
      ...(figures.get(r.id) ?? { today_paise: 0, today_receipts: 0, outstanding_paise: 0 }),
    })),
  };
}
