import { admissionEnquiries } from '../modules/admissions/admissions.table';
import { complaints } from '../modules/complaints/complaints.table';
import { postalRecords } from '../modules/postal/postal.table';
import { suggestions } from '../modules/suggestions/suggestions.table';
import { isRole } from './access-table';
import { type ResourceContext, type ResourceMaker, staffOf } from './resources';

/** An enquiry of the owner's institute whose child carries the marker (`fresh`: a new one). */
async function enquiryOf(c: ResourceContext, fresh = false): Promise<string | undefined> {
  const make = async () => {
    const [row] = await c.world.t.database.db
      .insert(admissionEnquiries)
      .values({
        instituteId: c.owner.institute.id,
        source: 'walk_in',
        studentName: `Child ${c.owner.secret}`,
        dateOfBirth: '2019-05-01',
        gender: 'female',
        classSought: 'Class 1',
        parentName: 'Parent',
        phone: '9822012345',
      })
      .returning({ id: admissionEnquiries.id });
    return row?.id;
  };
  return fresh ? make() : c.once(`enquiry:${c.owner.label}`, make);
}

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

/** A (not restricted) complaint filed by the caller's counterpart, whose text carries the marker. */
async function complaintOf(c: ResourceContext): Promise<string | undefined> {
  const role = isRole(c.caller) ? c.caller : 'admin';
  return c.once(`complaint:${c.owner.label}:${role}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(complaints)
      .values({
        instituteId: c.owner.institute.id,
        category: 'facilities',
        complainantKind: 'public',
        filedBy: c.owner.members[role].id,
        description: `Complaint ${c.owner.secret}`,
      })
      .returning({ id: complaints.id });
    return row?.id;
  });
}

async function suggestionOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`suggestion:${c.owner.label}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(suggestions)
      .values({
        instituteId: c.owner.institute.id,
        category: 'other',
        text: `Suggestion ${c.owner.secret}`,
        anonymous: true,
        createdOn: '2026-07-01',
      })
      .returning({ id: suggestions.id });
    return row?.id;
  });
}

export const DESK_MAKERS: readonly ResourceMaker[] = [
  // Admitting is tried on an enquiry of its own each time; the rest on the shared one.
  { name: 'id', under: '/api/admission-enquiries', methods: ['POST'], make: (c) => enquiryOf(c, true) },
  { name: 'id', under: '/api/admission-enquiries', make: (c) => enquiryOf(c) },
  { name: 'counsellor_id', under: '/api/admission-enquiries', make: staffOf },
  { name: 'id', under: '/api/postal-records', make: postalOf },
  { name: 'addressee_staff_id', under: '/api/postal-records', make: staffOf },
  { name: 'id', under: '/api/complaints', make: complaintOf },
  { name: 'assignee_staff_id', under: '/api/complaints', make: staffOf },
  { name: 'staff_ids', under: '/api/complaints', make: async (c) => [await staffOf(c)] },
  { name: 'id', under: '/api/suggestions', make: suggestionOf },
];
