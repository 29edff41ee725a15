import type { Example } from '../../security/examples';
import { guardianOf } from '../../security/record-makers';
import type { ResourceContext, ResourceMaker } from '../../security/resources';
import { smsTemplates } from './messaging.table';

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

/** The security suites' makers for the messaging routes (kit/module.ts, `security`). */
export const makers: readonly ResourceMaker[] = [
  { name: 'id', under: '/api/messaging/templates', make: templateOf },
  { name: 'id', under: '/api/messaging/opt-outs', make: (c) => guardianOf(c) },
];

/** DLT settings and an SMS template as the Messages screen sends them. */
const MESSAGING_SETTINGS_BODY = {
  dlt_entity_id: '1201159876543210987',
  sender_header: 'SCHLKO',
  quiet_hours: true,
  quiet_from: '21:00',
  quiet_until: '08:00',
};
const SMS_TEMPLATE_BODY = {
  key: 'fee-reminder',
  name: 'Fee reminder',
  dlt_template_id: '1207161234567890001',
  text: 'Dear Parent, fees of {#var#} are due. - SCHLKO',
};

/** Requests the messaging routes accept where their schemas alone cannot make one. */
export const examples: Record<string, Example> = {
  'PUT /api/messaging/settings': { body: MESSAGING_SETTINGS_BODY },
  'GET /api/messaging/messages': { query: { event: 'fee-reminder' } },
  'POST /api/messaging/templates': { body: SMS_TEMPLATE_BODY },
};
