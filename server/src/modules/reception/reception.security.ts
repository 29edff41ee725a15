import { type Example, photoExample } from '../../security/examples';
import { photoOf, staffOf } from '../../security/record-makers';
import type { ResourceContext, ResourceMaker } from '../../security/resources';
import { appointments, visitors } from './reception.table';

/** A visitor of the owner's institute whose name carries the marker (`fresh`: a new one). */
async function visitorOf(c: ResourceContext, fresh = false): Promise<string | undefined> {
  const make = async () => {
    const [row] = await c.world.t.database.db
      .insert(visitors)
      .values({
        instituteId: c.owner.institute.id,
        financialYear: '2026-27',
        passNo: 100_000 + Math.floor(Math.random() * 1_000_000),
        name: `Visitor ${c.owner.secret}`,
        phone: '9822000000',
        purpose: `Purpose ${c.owner.secret}`,
        checkoutToken: `token-${c.owner.label}-${Math.random().toString(36).slice(2)}`,
        expectedMinutes: 120,
      })
      .returning({ id: visitors.id });
    return row?.id;
  };
  return fresh ? make() : c.once(`visitor:${c.owner.label}`, make);
}

/** A confirmed appointment with the owner's staff member carrying the marker (`fresh`: a new one). */
async function appointmentOf(c: ResourceContext, fresh = false): Promise<string | undefined> {
  const make = async () => {
    const hostStaffId = await staffOf(c);
    if (!hostStaffId) return undefined;
    const start = Date.now() + 3 * 86_400_000 + Math.floor(Math.random() * 1000) * 86_400_000;
    const [row] = await c.world.t.database.db
      .insert(appointments)
      .values({
        instituteId: c.owner.institute.id,
        hostStaffId,
        name: `Parent ${c.owner.secret}`,
        phone: '9822000001',
        startsAt: new Date(start),
        endsAt: new Date(start + 1800_000),
        purpose: `Meeting ${c.owner.secret}`,
        status: 'requested',
      })
      .returning({ id: appointments.id });
    return row?.id;
  };
  return fresh ? make() : c.once(`appointment:${c.owner.label}`, make);
}

/** The security suites' makers for the reception routes (kit/module.ts, `security`). */
export const makers: readonly ResourceMaker[] = [
  // Checking out and photographing are tried on a visitor of their own each time.
  { name: 'id', under: '/api/visitors', methods: ['POST', 'DELETE'], make: (c) => visitorOf(c, true) },
  { name: 'id', under: '/api/visitors', make: (c) => visitorOf(c) },
  { name: 'file', under: '/api/visitors', make: (c) => photoOf(c, 'visitors', visitorOf, visitors) },
  { name: 'id', under: '/api/appointments', methods: ['POST'], make: (c) => appointmentOf(c, true) },
  { name: 'id', under: '/api/appointments', make: (c) => appointmentOf(c) },
  { name: 'host_staff_id', under: '/api', make: staffOf },
];

/** A visitor as the check-in form sends it. */
const VISITOR_BODY = {
  name: 'Rakesh Kulkarni',
  phone: '9822011223',
  purpose: 'Meeting the principal',
  host_staff_id: null,
  student_id: null,
  relation: null,
  persons: 1,
  id_proof_type: 'aadhaar',
  id_proof_last4: '4321',
  expected_minutes: 120,
};
/** An appointment slot: tomorrow, half an hour (the host is made above). */
const SLOT_START = Date.now() + 86_400_000;
const SLOT = {
  starts_at: new Date(SLOT_START).toISOString(),
  ends_at: new Date(SLOT_START + 1800_000).toISOString(),
  purpose: 'Progress of the term',
};

/** A visitor as the check-in form sends it, a slot tomorrow (refinements), a visitor's photo. */
export const examples: Record<string, Example> = {
  'POST /api/visitors/:id/photo': { ...photoExample },
  'POST /api/visitors': { body: VISITOR_BODY },
  'POST /api/appointments': {
    body: { ...SLOT, name: 'Prakash Iyer', phone: '9890012345', email: '', student_id: null },
  },
  'POST /api/appointments/requests': { body: { ...SLOT, student_id: null } },
  'GET /api/appointments': { query: { from: '2026-06-01', to: '2026-06-30' } },
  'GET /api/appointments/mine': { query: { from: '2026-06-01', to: '2026-06-30' } },
  'GET /api/visitors': { query: { date: '2026-06-01' } },
  'GET /api/visitors/pickups': { query: { date: '2026-06-01' } },
  'GET /api/visitors/export': { query: { date: '2026-06-01', format: 'csv' } },
  'GET /api/visitors/register.pdf': { query: { date: '2026-06-01' } },
};
