import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { guardians, studentGuardians } from './guardians.table';

// Who a module's message about a student goes to: shared by the fee reminders, the absence
// alerts, the appointment reminders and the receipt's notice in the app.

/** A guardian and what reaches them: email, phone, and their account in the app if they sign in. */
export type GuardianContact = {
  id: string;
  name: string;
  email: string;
  phone: string;
  userId: string | null;
  /** What they are to the student: father, mother, guardian, … */
  relation: string;
};

/** Each student's guardians with what reaches them. */
export async function guardiansOf(
  tx: Db,
  instituteId: string,
  studentIds: string[],
): Promise<Map<string, GuardianContact[]>> {
  if (!studentIds.length) return new Map();
  const rows = await tx
    .select({
      studentId: studentGuardians.studentId,
      id: guardians.id,
      name: guardians.name,
      email: guardians.email,
      phone: guardians.phone,
      userId: guardians.userId,
      relation: studentGuardians.relation,
    })
    .from(studentGuardians)
    .innerJoin(
      guardians,
      and(
        eq(guardians.instituteId, studentGuardians.instituteId),
        eq(guardians.id, studentGuardians.guardianId),
      ),
    )
    .where(
      and(eq(studentGuardians.instituteId, instituteId), inArray(studentGuardians.studentId, studentIds)),
    );
  const by = new Map<string, GuardianContact[]>();
  for (const { studentId, ...g } of rows) by.set(studentId, [...(by.get(studentId) ?? []), g]);
  return by;
}

/** Whether the institute has the guardian (messaging's opt-out asks, `provides` in guardians.module.ts). */
export async function guardianExists(tx: Db, instituteId: string, guardianId: string): Promise<boolean> {
  const [guardian] = await tx
    .select({ id: guardians.id })
    .from(guardians)
    .where(and(eq(guardians.instituteId, instituteId), eq(guardians.id, guardianId)));
  return Boolean(guardian);
}
