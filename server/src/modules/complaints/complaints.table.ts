import type { Committee, ComplaintCategory, ComplaintState } from '@schooliko/common/desk/complaints';
import { boolean, date, index, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/**
 * Complaints. `committee` is set for a POCSO or sexual-harassment complaint: such a row is seen
 * only by that committee's members and by whoever filed it (complaints.policy.ts).
 */
export const complaints = tenantTable(
  'complaints',
  {
    category: text('category').$type<ComplaintCategory>().notNull(),
    committee: text('committee').$type<Committee>(),
    complainantKind: text('complainant_kind').$type<'parent' | 'student' | 'staff' | 'public'>().notNull(),
    complainantName: text('complainant_name').notNull().default(''),
    complainantPhone: text('complainant_phone').notNull().default(''),
    filedBy: uuid('filed_by'),
    description: text('description').notNull(),
    assigneeStaffId: uuid('assignee_staff_id'),
    dueOn: date('due_on'),
    actionTaken: text('action_taken').notNull().default(''),
    state: text('state').$type<ComplaintState>().notNull().default('open'),
    reopened: boolean('reopened').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('complaints_newest_idx').on(t.instituteId, t.createdAt, t.id),
    index('complaints_filed_by_idx').on(t.instituteId, t.filedBy),
  ],
);
export type ComplaintRow = typeof complaints.$inferSelect;

/** Who sits on the institute's POCSO and POSH committees (staff members). */
export const committeeMembers = tenantTable(
  'committee_members',
  {
    committee: text('committee').$type<Committee>().notNull(),
    staffId: uuid('staff_id').notNull(),
  },
  (t) => [uniqueIndex('committee_members_idx').on(t.instituteId, t.committee, t.staffId)],
);
