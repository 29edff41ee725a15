import { APPOINTMENT_REMINDER_TEMPLATE } from '@schooliko/common/reception/appointments';
import { eq } from 'drizzle-orm';
import type { ModuleSeed } from '../../kit/module';
import { inInstitute } from '../../kit/scope';
import { messagingSettings, smsTemplates } from './messaging.table';

/** The demo institute's DLT registration: entity id, header and three registered templates. */
const TEMPLATES = [
  {
    key: 'fee-reminder',
    name: 'Fee reminder',
    dltTemplateId: '1207170000000000101',
    text: 'Dear Parent, fees of {#var#} of {#var#} ({#var#}) are due on {#var#}. Please pay at the school office or online. - SCHLKO',
  },
  {
    key: 'absence-alert',
    name: 'Absence alert',
    dltTemplateId: '1207170000000000102',
    text: 'Dear Parent, {#var#} was absent from school on {#var#}. Please inform the class teacher. - SCHLKO',
  },
  {
    key: APPOINTMENT_REMINDER_TEMPLATE,
    name: 'Appointment reminder',
    dltTemplateId: '1207170000000000103',
    text: 'Dear {#var#}, your appointment with {#var#} is on {#var#}. Please carry an ID proof. - SCHLKO',
  },
];

/**
 * Seeds the development institute's messaging, once: DLT settings (quiet hours 21:00–08:00) and
 * the templates (fees seeds its reminder schedules, which use the first).
 */
export const seedDemoMessaging: ModuleSeed = async (db, { devInstituteId: instituteId }) => {
  if (!instituteId) return;
  const [existing] = await db
    .select({ id: messagingSettings.id })
    .from(messagingSettings)
    .where(eq(messagingSettings.instituteId, instituteId));
  if (existing) return;
  await inInstitute(db, instituteId, async (tx) => {
    await tx
      .insert(messagingSettings)
      .values({ instituteId, dltEntityId: '1201170000000000001', senderHeader: 'SCHLKO' });
    await tx.insert(smsTemplates).values(TEMPLATES.map((t) => ({ instituteId, ...t })));
  });
};
