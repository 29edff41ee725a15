import { isRole } from '../../security/access-table';
import type { Example } from '../../security/examples';
import { staffOf } from '../../security/record-makers';
import type { ResourceContext, ResourceMaker } from '../../security/resources';
import { complaints } from './complaints.table';

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

/** The security suites' makers for the complaints routes (kit/module.ts, `security`). */
export const makers: readonly ResourceMaker[] = [
  { name: 'id', under: '/api/complaints', make: complaintOf },
  { name: 'assignee_staff_id', under: '/api/complaints', make: staffOf },
  { name: 'staff_ids', under: '/api/complaints', make: async (c) => [await staffOf(c)] },
];

/** Requests the complaints routes accept where their schemas alone cannot make one. */
export const examples: Record<string, Example> = {
  'PATCH /api/complaints/:id': { body: { due_on: '2026-12-15', action_taken: 'Looked into it' } },
  'PUT /api/complaints/committees': { body: { committee: 'posh' } },
};
