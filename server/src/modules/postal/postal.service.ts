import {
  POSTAL_MESSAGES,
  POSTAL_SCAN_MAX_MB,
  type PostalEntry,
  type PostalListQuery,
  type PostalScanType,
  type postalInputSchema,
  postForYouText,
} from '@schooliko/common/desk/postal';
import { financialYearOf } from '@schooliko/common/fees/money';
import { STAFF_MESSAGES } from '@schooliko/common/people/staff';
import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { listPage, searchIn, totalRows } from '../../kit/list-page';
import { personNameOrNull } from '../../kit/names';
import type { Actor } from '../../kit/scope';
import { recordChange } from '../../platform/audit/audit.service';
import {
  createNotifications,
  type NotificationPublisher,
} from '../../platform/notifications/notifications.service';
import { nextNumber } from '../../platform/numbering/numbering.service';
import {
  type PrivateFile,
  type PrivateFileRules,
  storePrivateFile,
} from '../../platform/uploads/private-files';
import type { Storage } from '../../platform/uploads/storage';
import { httpError } from '../../plugins/errors';
import { staff } from '../staff';
import { type PostalRow, postalRecords } from './postal.table';

const p = postalRecords;
const addresseeName = personNameOrNull(staff);
const addresseeJoin = and(eq(staff.instituteId, p.instituteId), eq(staff.id, p.addresseeStaffId));

/** Entries addressed to the caller: to the staff member tied to their account. */
const addressedTo = (actor: Actor) =>
  sql`${p.addresseeStaffId} in (select ${staff.id} from ${staff} where ${staff.instituteId} = ${actor.institute.id} and ${staff.userId} = ${actor.userId})`;

/**
 * Where the caller reads the register from: the front office's whole register, or their own post
 * (`mine`: every entry addressed to them, confidential or not, for staff without the register).
 */
export type PostalReach = 'register' | 'mine';

/**
 * Which entries the caller sees: in the register, every entry that is not confidential, a
 * confidential one only by its addressee (the staff member tied to the caller's account) and the
 * institute's admins; in their own post, the entries addressed to them.
 */
export function visiblePostal(actor: Actor, reach: PostalReach = 'register'): SQL | undefined {
  if (reach === 'mine') return addressedTo(actor);
  if (actor.roles.includes('admin')) return undefined;
  return or(eq(p.confidential, false), addressedTo(actor));
}

function toEntry(row: PostalRow, name: string | null): PostalEntry {
  return {
    id: row.id,
    direction: row.direction,
    serial_no: row.serialNo,
    year: row.year,
    on: row.on,
    reference_no: row.referenceNo,
    party_name: row.partyName,
    party_address: row.partyAddress,
    subject: row.subject,
    mode: row.mode,
    tracking_no: row.trackingNo,
    confidential: row.confidential,
    addressee_staff_id: row.addresseeStaffId,
    addressee_name: name,
    scan:
      row.scanKey && row.scanType
        ? { name: row.scanName ?? '', content_type: row.scanType, bytes: row.scanBytes ?? 0 }
        : null,
    state: row.state,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listPostal(tx: Db, actor: Actor, query: PostalListQuery, reach?: PostalReach) {
  const where = and(
    eq(p.instituteId, actor.institute.id),
    visiblePostal(actor, reach),
    query.direction ? eq(p.direction, query.direction) : undefined,
    searchIn(query.search, [p.partyName, p.referenceNo, p.trackingNo, p.subject]),
  );
  const dir = query.order === 'asc' ? asc : desc;
  return listPage({
    page: query.page,
    limit: query.limit,
    rows: (limit, offset) =>
      tx
        .select({ row: p, name: addresseeName, total: totalRows })
        .from(p)
        .leftJoin(staff, addresseeJoin)
        .where(where)
        .orderBy(dir(p.createdAt), dir(p.id))
        .limit(limit)
        .offset(offset),
    countAll: async () => {
      const [row] = await tx.select({ n: count() }).from(p).where(where);
      return row?.n ?? 0;
    },
    toItem: (r) => toEntry(r.row, r.name),
  });
}

/** The entry's row, if the caller may see it (a confidential one: its addressee and admins), or a 404. */
async function visibleRow(tx: Db, actor: Actor, id: string, lock = false, reach?: PostalReach) {
  return rowWhere(tx, actor, id, visiblePostal(actor, reach), lock);
}

async function rowWhere(tx: Db, actor: Actor, id: string, visible: SQL | undefined, lock = false) {
  const q = tx
    .select({ row: p, name: addresseeName })
    .from(p)
    .leftJoin(staff, addresseeJoin)
    .where(and(eq(p.instituteId, actor.institute.id), eq(p.id, id), visible))
    .limit(1);
  const [found] = lock ? await q.for('update', { of: p }) : await q;
  if (!found) throw httpError(404, POSTAL_MESSAGES.notFound);
  return found;
}

export async function findPostal(tx: Db, actor: Actor, id: string, lock = false): Promise<PostalEntry> {
  const found = await visibleRow(tx, actor, id, lock);
  return toEntry(found.row, found.name);
}

/**
 * Records an entry with the next serial of its direction's series for the entry's year. Inward post
 * for a staff member with an account tells them in the app (a confidential letter without naming
 * its sender or subject); they read it under their own post.
 */
export async function createPostal(
  tx: Db,
  hub: NotificationPublisher,
  actor: Actor,
  input: z.output<typeof postalInputSchema>,
): Promise<PostalEntry> {
  let addresseeUserId: string | null = null;
  if (input.addressee_staff_id) {
    const [found] = await tx
      .select({ id: staff.id, userId: staff.userId })
      .from(staff)
      .where(and(eq(staff.instituteId, actor.institute.id), eq(staff.id, input.addressee_staff_id)))
      .limit(1);
    if (!found)
      throw httpError(400, STAFF_MESSAGES.notFound, {
        addressee_staff_id: STAFF_MESSAGES.notFound,
      });
    addresseeUserId = found.userId;
  }
  const on = input.on ?? new Date().toISOString().slice(0, 10);
  const year = financialYearOf(on);
  const serialNo = await nextNumber(tx, actor.institute.id, `postal-${input.direction}`, year);
  const [row] = await tx
    .insert(p)
    .values({
      instituteId: actor.institute.id,
      direction: input.direction,
      year,
      serialNo,
      on,
      referenceNo: input.reference_no,
      partyName: input.party_name,
      partyAddress: input.party_address,
      subject: input.subject,
      mode: input.mode,
      trackingNo: input.tracking_no,
      confidential: input.confidential,
      addresseeStaffId: input.addressee_staff_id,
      createdBy: actor.userId,
    })
    .returning({ id: p.id });
  if (!row) throw new Error('postal entry not stored');
  // The clerk who records a confidential letter gets its entry back this once; from then on only
  // its addressee and the admins see it.
  const stored = await rowWhere(tx, actor, row.id, undefined);
  const entry = toEntry(stored.row, stored.name);
  if (entry.direction === 'inward' && addresseeUserId && addresseeUserId !== actor.userId) {
    await createNotifications(tx, hub, [
      {
        instituteId: actor.institute.id,
        recipientId: addresseeUserId,
        type: 'info',
        title: POSTAL_MESSAGES.postForYou.text,
        message: postForYouText(entry),
        eventType: 'postal-received',
        eventId: entry.id,
        data: { postal_id: entry.id },
      },
    ]);
  }
  return entry;
}

/** Cancels an entry (its serial stays used: the register keeps every number). */
export async function cancelPostal(tx: Db, actor: Actor, id: string, reason: string): Promise<PostalEntry> {
  const entry = await findPostal(tx, actor, id, true);
  if (entry.state === 'cancelled') throw httpError(409, POSTAL_MESSAGES.alreadyCancelled);
  await tx
    .update(p)
    .set({ state: 'cancelled', cancelReason: reason })
    .where(and(eq(p.instituteId, actor.institute.id), eq(p.id, id)));
  return findPostal(tx, actor, id);
}

/** Scanned copies: PDF, JPEG or PNG under POSTAL_SCAN_MAX_MB (uploads/private-files.ts). */
export const SCAN_RULES: PrivateFileRules<PostalScanType> = {
  extensions: { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' },
  maxMb: POSTAL_SCAN_MAX_MB,
  invalidType: POSTAL_MESSAGES.scanInvalidType,
  tooLarge: POSTAL_MESSAGES.scanTooLarge,
  failed: POSTAL_MESSAGES.scanFailed,
};

/** An entry the caller may attach a scan to: one they see, not cancelled (409). */
export async function scannableEntry(tx: Db, actor: Actor, id: string): Promise<PostalEntry> {
  const entry = await findPostal(tx, actor, id, true);
  if (entry.state === 'cancelled') throw httpError(409, POSTAL_MESSAGES.alreadyCancelled);
  return entry;
}

/**
 * Attaches (or replaces) an entry's scanned copy: checked by its bytes and stored privately under
 * `private/<institute>/postal/`, the entry pointing at it, audited with the file's name.
 */
export async function attachScan(
  tx: Db,
  storage: Storage,
  actor: Actor,
  id: string,
  input: { body: Buffer; filename?: string },
): Promise<PostalEntry> {
  const entry = await scannableEntry(tx, actor, id);
  const file = await storePrivateFile(storage, `${actor.institute.id}/postal`, input, SCAN_RULES);
  await tx
    .update(p)
    .set({ scanKey: file.key, scanName: file.name, scanType: file.contentType, scanBytes: file.bytes })
    .where(and(eq(p.instituteId, actor.institute.id), eq(p.id, id)));
  await recordChange(tx, actor, {
    entity: 'postal_record',
    entityId: id,
    action: 'scan',
    before: { scan: entry.scan?.name ?? null },
    after: { scan: file.name },
  });
  return findPostal(tx, actor, id);
}

/** The scanned copy of an entry the caller may see (404 otherwise, and when there is none). */
export async function scanOf(tx: Db, actor: Actor, id: string, reach?: PostalReach): Promise<PrivateFile> {
  const { row } = await visibleRow(tx, actor, id, false, reach);
  if (!row.scanKey || !row.scanType) throw httpError(404, POSTAL_MESSAGES.scanNotFound);
  return {
    key: row.scanKey,
    name: row.scanName ?? 'scan',
    contentType: row.scanType,
    bytes: row.scanBytes ?? 0,
  };
}
