import { variablesIn } from '@schooliko/common/messaging';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { guardians, studentGuardians } from '../../modules/guardians/guardians.table';
import { messagingSettings, smsTemplates } from './messaging.table';

// Who a module's message about a student goes to, and whether SMS can go at all: shared by the
// fee reminders, the absence alerts and the receipt's notice in the app.

/** A guardian and what reaches them: email, phone, and their account in the app if they sign in. */
export type GuardianContact = {
  id: string;
  name: string;
  email: string;
  phone: string;
  userId: string | null;
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

/**
 * Whether SMS can go with the template `key`: DLT settings saved, the template registered and
 * active, and taking `variables` values (otherwise the module sends email only).
 */
export async function smsReady(tx: Db, instituteId: string, key: string | null, variables: number) {
  if (!key) return false;
  const [settings] = await tx
    .select({ id: messagingSettings.id })
    .from(messagingSettings)
    .where(eq(messagingSettings.instituteId, instituteId));
  const [template] = await tx
    .select({ text: smsTemplates.text })
    .from(smsTemplates)
    .where(
      and(
        eq(smsTemplates.instituteId, instituteId),
        eq(smsTemplates.key, key),
        eq(smsTemplates.active, true),
      ),
    );
  return !!settings && !!template && variablesIn(template.text) === variables;
}
