import type { Example } from '../../security/examples';
import { staffOf } from '../../security/record-makers';
import type { ResourceContext, ResourceMaker } from '../../security/resources';
import { postalRecords } from './postal.table';

/** A postal entry whose sender and scanned copy (its name and bytes) carry the marker. */
async function postalOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`postal:${c.owner.label}`, async () => {
    const scanKey = `private/${c.owner.institute.id}/postal/${c.owner.label.toLowerCase()}-letter.pdf`;
    const scan = Buffer.from(`%PDF-1.4\n% ${c.owner.secret}\n%%EOF\n`);
    await c.world.t.app.storage.put(scanKey, scan, 'application/pdf');
    const [row] = await c.world.t.database.db
      .insert(postalRecords)
      .values({
        instituteId: c.owner.institute.id,
        direction: 'inward',
        year: '2026-27',
        serialNo: 1,
        on: '2026-07-01',
        partyName: `Sender ${c.owner.secret}`,
        mode: 'post',
        scanKey,
        scanName: `Letter ${c.owner.secret}.pdf`,
        scanType: 'application/pdf',
        scanBytes: scan.length,
      })
      .returning({ id: postalRecords.id });
    return row?.id;
  });
}

/** The security suites' makers for the postal routes (kit/module.ts, `security`). */
export const makers: readonly ResourceMaker[] = [
  { name: 'id', under: '/api/postal-records', make: postalOf },
  { name: 'addressee_staff_id', under: '/api/postal-records', make: staffOf },
];

/** An inward entry as the register's form sends it; a scanned copy. */
export const examples: Record<string, Example> = {
  'POST /api/postal-records': {
    body: {
      direction: 'inward',
      on: '2026-07-01',
      reference_no: 'REF-1',
      party_name: 'CBSE Regional Office',
      party_address: '',
      subject: '',
      mode: 'post',
      tracking_no: '',
      confidential: false,
      addressee_staff_id: undefined,
    },
  },
  'POST /api/postal-records/:id/scan': {
    multipart: {
      fields: {},
      file: {
        field: 'file',
        filename: 'letter.pdf',
        contentType: 'application/pdf',
        data: Buffer.from('%PDF-1.4\n%%EOF\n'),
      },
    },
  },
};
