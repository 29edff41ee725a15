import { variablesIn } from '@schooliko/common/messaging';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messagingSettings, smsTemplates } from './messaging.table';

// Whether SMS can go at all: shared by the fee reminders, the absence alerts and the appointment
// reminders. Who a message about a student goes to is the guardians module's `guardiansOf`.

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
