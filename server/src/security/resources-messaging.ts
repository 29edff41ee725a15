import { feeReminderSchedules } from '../modules/fees/fees.table';
import { smsTemplates } from '../platform/messaging/messaging.table';
import { guardianOf, type ResourceContext, type ResourceMaker } from './resources';

/** An SMS template of the owner's institute whose name and text carry the marker. */
async function templateOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`sms-template:${c.owner.label}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(smsTemplates)
      .values({
        instituteId: c.owner.institute.id,
        key: 'suite',
        name: `Template ${c.owner.secret}`,
        dltTemplateId: '1207161234567890000',
        text: `Note ${c.owner.secret} for {#var#}`,
      })
      .returning({ id: smsTemplates.id });
    return row?.id;
  });
}

/** A fee reminder schedule of the owner's institute. */
async function scheduleOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`reminder-schedule:${c.owner.label}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(feeReminderSchedules)
      .values({ instituteId: c.owner.institute.id, offsetDays: 30, channels: ['email'] })
      .returning({ id: feeReminderSchedules.id });
    return row?.id;
  });
}

export const MESSAGING_MAKERS: readonly ResourceMaker[] = [
  { name: 'id', under: '/api/messaging/templates', make: templateOf },
  { name: 'id', under: '/api/messaging/opt-outs', make: (c) => guardianOf(c) },
  { name: 'id', under: '/api/fees/reminders/schedules', make: scheduleOf },
];
