import { randomBytes } from 'node:crypto';
import { financialYearOf } from '@schooliko/common/fees/money';
import { todayInIndia } from '@schooliko/common/kit/dates';
import type { IdProofType } from '@schooliko/common/reception/visitors';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { random } from '../../db/demo/generator';
import { FAMILIES, MEN, WOMEN } from '../../db/demo/names';
import type { ModuleSeed } from '../../kit/module';
import { inInstitute } from '../../kit/scope';
import { nextNumbers } from '../../platform/numbering/numbering.service';
import { guardians, studentGuardians } from '../guardians';
import { staff } from '../staff';
import { appointments, studentPickups, visitors } from './reception.table';

// The front desk of the demo school (issue 15, item 4): a week of visitors with passes, today's
// (some in, some gone, one staying past the expected time), pick-ups, and appointments today and
// on the days ahead. Not-authorised pick-ups on some guardians, so a refusal can be tried.

const PURPOSES = [
  'Meeting the class teacher',
  'Fee enquiry at the office',
  'Admission enquiry',
  'Collecting the transfer certificate',
  'Parent-teacher meeting',
  'Delivering stationery',
  'Bonafide certificate',
  'Meeting the principal',
  'Sports day preparation',
];
const ID_TYPES: IdProofType[] = ['aadhaar', 'driving-licence', 'voter-id', 'pan', 'none'];

/** An instant of a day in India, `minutes` after midnight. */
const at = (day: string, minutes: number) => new Date(Date.parse(`${day}T00:00:00+05:30`) + minutes * 60_000);
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Idempotent: nothing is added once the institute has a visitor. */
export async function seedDemoReception(db: Db, instituteId: string, receptionistId: string | undefined) {
  await inInstitute(db, instituteId, async (tx) => {
    const [any] = await tx
      .select({ id: visitors.id })
      .from(visitors)
      .where(eq(visitors.instituteId, instituteId))
      .limit(1);
    if (any) return;
    const r = random(1515);
    const hosts = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.instituteId, instituteId), eq(staff.status, 'active')))
      .orderBy(asc(staff.employeeCode))
      .limit(20);
    const ties = await tx
      .select({
        studentId: studentGuardians.studentId,
        guardianId: studentGuardians.guardianId,
        relation: studentGuardians.relation,
        name: guardians.name,
        phone: guardians.phone,
        email: guardians.email,
      })
      .from(studentGuardians)
      .innerJoin(
        guardians,
        and(
          eq(guardians.instituteId, studentGuardians.instituteId),
          eq(guardians.id, studentGuardians.guardianId),
        ),
      )
      .where(eq(studentGuardians.instituteId, instituteId))
      .orderBy(asc(studentGuardians.id))
      .limit(400);
    if (hosts.length === 0 || ties.length === 0) return;

    // Grandparents, siblings and others are not authorised pick-ups unless the family says so.
    await tx
      .update(studentGuardians)
      .set({ authorisedPickup: false })
      .where(
        and(
          eq(studentGuardians.instituteId, instituteId),
          inArray(studentGuardians.relation, ['grandparent', 'sibling', 'other']),
        ),
      );
    const strict = ties.filter((_t, k) => k % 9 === 4).map((t) => t.guardianId);
    if (strict.length)
      await tx
        .update(studentGuardians)
        .set({ authorisedPickup: false })
        .where(
          and(eq(studentGuardians.instituteId, instituteId), inArray(studentGuardians.guardianId, strict)),
        );

    const today = todayInIndia();
    const now = Date.now();
    type Visit = typeof visitors.$inferInsert;
    const visits: Omit<Visit, 'passNo' | 'financialYear'>[] = [];
    for (let d = -7; d <= 0; d++) {
      const day = shift(today, d);
      const count = d === 0 ? 9 : r.int(6, 14);
      for (let k = 0; k < count; k++) {
        const parent = r.chance(0.55) ? r.pick(ties) : null;
        const surname = r.pick(FAMILIES)[0];
        const inAt = at(day, r.int(8 * 60 + 30, 15 * 60));
        let outAt: Date | null = new Date(inAt.getTime() + r.int(15, 100) * 60_000);
        if (d === 0) {
          // Today, every 35 minutes up to now: the first five have left, the sixth has been in
          // for 140 minutes (an overstay), the last three are still in.
          inAt.setTime(now - (9 - k) * 35 * 60_000);
          outAt = k < 5 ? new Date(inAt.getTime() + 30 * 60_000) : null;
        }
        const idType = r.pick(ID_TYPES);
        visits.push({
          instituteId,
          name: parent ? parent.name : `${r.pick([...MEN, ...WOMEN])} ${surname}`,
          phone: parent ? parent.phone : `9${r.digits(9)}`,
          purpose: parent
            ? r.pick(['Meeting the class teacher', 'Parent-teacher meeting', 'Fee enquiry at the office'])
            : r.pick(PURPOSES),
          hostStaffId: r.chance(0.8) ? r.pick(hosts).id : null,
          studentId: parent?.studentId ?? null,
          relation: parent?.relation ?? null,
          persons: r.chance(0.8) ? 1 : r.int(2, 3),
          idProofType: idType,
          idProofLast4: idType === 'none' ? '' : r.digits(4),
          checkoutToken: randomBytes(18).toString('base64url'),
          expectedMinutes: 120,
          checkedInAt: inAt,
          checkedOutAt: outAt,
          checkedInBy: receptionistId ?? null,
          checkedOutBy: outAt ? (receptionistId ?? null) : null,
        });
      }
    }
    visits.sort((a, b) => (a.checkedInAt as Date).getTime() - (b.checkedInAt as Date).getTime());
    // Passes in the order they were given, per financial year, from the counter (gap-free).
    const byYear = new Map<string, typeof visits>();
    for (const v of visits) {
      const fy = financialYearOf(todayInIndia(v.checkedInAt as Date));
      byYear.set(fy, [...(byYear.get(fy) ?? []), v]);
    }
    for (const [fy, list] of byYear) {
      const first = await nextNumbers(tx, instituteId, 'visitor-pass', fy, list.length);
      await tx.insert(visitors).values(list.map((v, k) => ({ ...v, financialYear: fy, passNo: first + k })));
    }

    if (receptionistId) {
      const pickups = ties.slice(0, 6).map((t, k) => ({
        instituteId,
        studentId: t.studentId,
        guardianId: t.guardianId,
        personName: t.name,
        phone: t.phone,
        relation: t.relation,
        allowed: true,
        pickedUpAt: at(shift(today, -(k % 3)), 12 * 60 + 10 * k),
        recordedBy: receptionistId,
      }));
      await tx.insert(studentPickups).values(pickups);
    }

    // Appointments: today and the next five days, with a few parents' requests still to confirm.
    const slots: (typeof appointments.$inferInsert)[] = [];
    for (let d = 0; d <= 5; d++) {
      const day = shift(today, d);
      for (let k = 0; k < (d === 0 ? 5 : 3); k++) {
        const tie = r.pick(ties);
        const host = hosts[(d * 3 + k) % hosts.length];
        if (!host) continue;
        const start = at(day, 10 * 60 + k * 60);
        const status =
          d === 0
            ? start.getTime() < now
              ? k === 0
                ? 'completed'
                : 'no-show'
              : 'confirmed'
            : k === 2
              ? 'requested'
              : 'confirmed';
        slots.push({
          instituteId,
          hostStaffId: host.id,
          name: tie.name,
          phone: tie.phone,
          email: tie.email,
          studentId: tie.studentId,
          guardianId: tie.guardianId,
          startsAt: start,
          endsAt: new Date(start.getTime() + 30 * 60_000),
          purpose: r.pick([
            'Progress in mathematics',
            'Attendance',
            'Term results',
            'Transport route',
            'Behaviour in class',
          ]),
          status,
          createdBy: receptionistId ?? null,
        });
      }
    }
    if (slots.length) await tx.insert(appointments).values(slots);
  });
}

/** Reception's demo step: the development institute's front desk, kept by the receptionist. */
export const seedReceptionDemo: ModuleSeed = async (db, { devInstituteId, emails }) => {
  if (devInstituteId) await seedDemoReception(db, devInstituteId, emails.get('reception@schooliko.dev'));
};
