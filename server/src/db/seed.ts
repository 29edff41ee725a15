import { DEV_DOMAIN } from '@schooliko/common/hosts';
import { BRANDING_ROLES } from '@schooliko/common/institutes';
import { inArray } from 'drizzle-orm';
import { seedBdrs } from '../modules/bdrs/bdrs.seed';
import { seedDemoGroups } from '../modules/groups/groups.seed';
import { seedOperator } from '../modules/operator/operator.service';
import { DEMO_USERS, seedDemoUsers } from '../platform/auth/auth.seed';
import { users } from '../platform/auth/auth.table';
import { institutes, type NewInstitute } from '../platform/institutes/institutes.table';
import type { Db } from './client';
import { seedDemoAttendance } from './demo/attendance';
import { seedDemoCalendar } from './demo/calendar';
import { seedDemoDesk } from './demo/desk';
import { seedDemoExams } from './demo/exams';
import { seedDemoFees } from './demo/fees';
import { seedDemoHomework } from './demo/homework';
import { seedDemoMessaging } from './demo/messaging';
import { seedDemoReception } from './demo/reception';
import { seedDemoSchools } from './demo/school';
import { seedDemoTimetable } from './demo/timetable';

/** The second demo institute's host (README, "Demo accounts"). */
export const GREEN_VALLEY_DOMAIN = 'greenvalley.localhost';

const roleImages = (folder: string) =>
  BRANDING_ROLES.map((role) => ({ role, image_url: `/images/roles/${folder}/${role}.jpg` }));

export const DEMO_INSTITUTES: NewInstitute[] = [
  {
    code: 'SDI001',
    name: 'Schooliko Development Institute',
    domain: DEV_DOMAIN,
    type: 'school',
    logoUrl: '/images/school-logos/logo-1.png',
    slogan: 'Learning that grows with every child',
    coverImageUrl: '/images/covers/dev-cover.jpg',
    roleImages: roleImages('dev'),
  },
  {
    code: 'GVPS01',
    name: 'Green Valley Public School',
    domain: GREEN_VALLEY_DOMAIN,
    type: 'school',
    logoUrl: '/images/school-logos/greenvalley.png',
    slogan: 'Rooted in values, reaching for the sky',
    coverImageUrl: '/images/covers/greenvalley-cover.jpg',
    roleImages: roleImages('greenvalley'),
  },
];

/** Demo data for development; idempotent, so every start may run it. Never in production. */
export async function seedDemo(db: Db): Promise<void> {
  await db.insert(institutes).values(DEMO_INSTITUTES).onConflictDoNothing({ target: institutes.domain });
  await seedDemoUsers(db);
  await seedBdrs(db);
  await seedOperator(db);
  // After the demo people: the demo director's group holds the development institute.
  await seedDemoGroups(db);
  // The schools' people records, with the demo accounts living in them.
  const seeded = await db.select({ id: institutes.id, domain: institutes.domain }).from(institutes);
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_USERS.map((u) => u.email),
      ),
    );
  const devInstituteId = seeded.find((s) => s.domain === DEV_DOMAIN)?.id;
  const emails = new Map(people.map((p) => [p.email, p.id]));
  await seedDemoSchools(db, {
    devInstituteId,
    greenValleyId: seeded.find((s) => s.domain === GREEN_VALLEY_DOMAIN)?.id,
    emails,
  });
  // The development institute's fees, collected at the counter by its admin.
  const admin = emails.get('admin@schooliko.dev');
  if (devInstituteId && admin) await seedDemoFees(db, devInstituteId, admin, 2026);
  if (devInstituteId) await seedDemoCalendar(db, devInstituteId);
  // Its DLT registration, SMS templates and fee reminder schedules.
  if (devInstituteId) await seedDemoMessaging(db, devInstituteId);
  // Its front desk: visitors, pick-ups and appointments, kept by the receptionist.
  if (devInstituteId) await seedDemoReception(db, devInstituteId, emails.get('reception@schooliko.dev'));
  // Its reception desk: enquiries, postal register, complaints (the teacher sits on POCSO), suggestions.
  if (devInstituteId) await seedDemoDesk(db, devInstituteId, emails.get('teacher@schooliko.dev'), 2026);
  if (devInstituteId) await seedDemoTimetable(db, devInstituteId);
  // Its homework, set by the timetable's teachers, with the pupils' submissions and marks.
  if (devInstituteId) await seedDemoHomework(db, devInstituteId);
  // Its grading scales, a published unit test and a periodic test whose marks are being entered.
  if (devInstituteId) await seedDemoExams(db, devInstituteId, admin);
  // Its last three school weeks of attendance (today is left for the teachers to take).
  if (devInstituteId && admin) await seedDemoAttendance(db, devInstituteId, admin);
}
