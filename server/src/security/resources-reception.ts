import { appointments, visitors } from '../modules/reception/reception.table';
import { type ResourceContext, type ResourceMaker, staffOf } from './resources';

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

export const RECEPTION_MAKERS: readonly ResourceMaker[] = [
  // Checking out and photographing are tried on a visitor of their own each time.
  { name: 'id', under: '/api/visitors', methods: ['POST', 'DELETE'], make: (c) => visitorOf(c, true) },
  { name: 'id', under: '/api/visitors', make: (c) => visitorOf(c) },
  { name: 'id', under: '/api/appointments', methods: ['POST'], make: (c) => appointmentOf(c, true) },
  { name: 'id', under: '/api/appointments', make: (c) => appointmentOf(c) },
  { name: 'host_staff_id', under: '/api', make: staffOf },
];
