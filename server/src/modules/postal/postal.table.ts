import type { PostalDirection, PostalMode, PostalScanType } from '@schooliko/common/desk/postal';
import { boolean, date, index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/**
 * The postal register: inward and dispatch entries numbered from platform/numbering (one series
 * each, per year). Never deleted (migration revokes DELETE): a mistaken entry is cancelled.
 */
export const postalRecords = tenantTable(
  'postal_records',
  {
    direction: text('direction').$type<PostalDirection>().notNull(),
    year: text('year').notNull(),
    serialNo: integer('serial_no').notNull(),
    on: date('on').notNull(),
    referenceNo: text('reference_no').notNull().default(''),
    partyName: text('party_name').notNull(),
    partyAddress: text('party_address').notNull().default(''),
    subject: text('subject').notNull().default(''),
    mode: text('mode').$type<PostalMode>().notNull(),
    trackingNo: text('tracking_no').notNull().default(''),
    confidential: boolean('confidential').notNull().default(false),
    addresseeStaffId: uuid('addressee_staff_id'),
    /** The scanned copy, stored privately (`private/<institute>/postal/…`), streamed by its route. */
    scanKey: text('scan_key'),
    scanName: text('scan_name'),
    scanType: text('scan_type').$type<PostalScanType>(),
    scanBytes: integer('scan_bytes'),
    state: text('state').$type<'recorded' | 'cancelled'>().notNull().default('recorded'),
    cancelReason: text('cancel_reason').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('postal_records_serial_idx').on(t.instituteId, t.direction, t.year, t.serialNo),
    index('postal_records_newest_idx').on(t.instituteId, t.createdAt, t.id),
  ],
);
export type PostalRow = typeof postalRecords.$inferSelect;
