import type { AuditEntry } from '@schooliko/common/people/audit';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { personName } from '../../kit/names';
import type { Actor } from '../../kit/scope';
import { users } from '../auth';
import { auditLog } from './audit.table';

export type AuditEntity =
  | 'student'
  | 'guardian'
  | 'staff'
  | 'section'
  | 'student_guardian'
  | 'visitor'
  | 'enquiry'
  | 'homework_submission'
  | 'homework_assignment'
  /** An institute's settings (entity id: the institute's). */
  | 'institute'
  | 'grading_scale'
  | 'exam'
  | 'postal_record';

/** The fields whose values differ, as `before` and `after` halves. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === 'updatedAt' || key === 'updated_at') continue;
    const x = before[key] instanceof Date ? (before[key] as Date).toISOString() : before[key];
    const y = after[key] instanceof Date ? (after[key] as Date).toISOString() : after[key];
    if (JSON.stringify(x) !== JSON.stringify(y)) {
      b[key] = x ?? null;
      a[key] = y ?? null;
    }
  }
  return { before: b, after: a };
}

/** Records a change in the same transaction as the change itself (nothing when nothing changed). */
export async function recordChange(
  tx: Db,
  actor: Pick<Actor, 'institute' | 'userId'> | { institute: { id: string }; userId: null },
  entry: {
    entity: AuditEntity;
    entityId: string;
    action: string;
    before?: Record<string, unknown>;
    after?: Record<string, unknown>;
    actorName?: string;
  },
): Promise<void> {
  const diff = changedFields(entry.before ?? {}, entry.after ?? {});
  if (entry.action === 'update' && Object.keys(diff.after).length === 0) return;
  await tx.insert(auditLog).values({
    instituteId: actor.institute.id,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    actorId: actor.userId,
    actorName: entry.actorName ?? '',
    before: diff.before,
    after: diff.after,
  });
}

/**
 * Records many new rows at once (an import's batch): one audit row each, in the same transaction
 * as the rows themselves.
 */
export function recordCreated(
  tx: Db,
  actor: Pick<Actor, 'institute' | 'userId'>,
  entity: AuditEntity,
  rows: readonly { id: string; after: Record<string, unknown> }[],
  action = 'import',
): Promise<void> {
  return recordChanges(
    tx,
    actor,
    entity,
    rows.map((row) => ({ ...row, action })),
  );
}

/**
 * Records many changes at once (a grid saved whole, an import), each as given, in few inserts and
 * in the same transaction as the changes.
 */
export async function recordChanges(
  tx: Db,
  actor: Pick<Actor, 'institute' | 'userId'>,
  entity: AuditEntity,
  rows: readonly {
    id: string;
    action: string;
    before?: Record<string, unknown>;
    after: Record<string, unknown>;
  }[],
): Promise<void> {
  // In slices: one statement with thousands of parameters is slow to prepare (PGlite especially).
  for (let from = 0; from < rows.length; from += 250)
    await tx.insert(auditLog).values(
      rows.slice(from, from + 250).map((row) => ({
        instituteId: actor.institute.id,
        entity,
        entityId: row.id,
        action: row.action,
        actorId: actor.userId,
        before: row.before ?? {},
        after: row.after,
      })),
    );
}

/** A record's history, newest first. */
export async function historyOf(
  tx: Db,
  instituteId: string,
  entities: readonly AuditEntity[],
  entityId: string,
  limit = 200,
): Promise<AuditEntry[]> {
  const rows = await tx
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorName: sql<string>`coalesce(nullif(${auditLog.actorName}, ''), ${personName(users)}, '')`,
      before: auditLog.before,
      after: auditLog.after,
      at: auditLog.at,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.instituteId, instituteId),
        inArray(auditLog.entity, [...entities]),
        eq(auditLog.entityId, entityId),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    actor_name: r.actorName,
    before: r.before,
    after: r.after,
    at: r.at.toISOString(),
  }));
}

/**
 * The latest changes of one kind at an institute, newest first (`audit_log_action_idx`): who made
 * each (their name now), on which record, what it held after, and when.
 */
export async function recentChanges(
  db: Db,
  instituteId: string,
  kind: { entity: AuditEntity; action: string },
  limit: number,
) {
  return db
    .select({
      entityId: auditLog.entityId,
      by: personName(users),
      after: auditLog.after,
      at: auditLog.at,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.instituteId, instituteId),
        eq(auditLog.entity, kind.entity),
        eq(auditLog.action, kind.action),
      ),
    )
    .orderBy(desc(auditLog.at))
    .limit(limit);
}
