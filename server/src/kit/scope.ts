import type { Permission } from '@schooliko/common/permissions';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { AuthContext } from '../plugins/auth';

/** The signed-in caller of a permission-declared route: who, where, and what they may do. */
export type Actor = AuthContext & { permissions: readonly Permission[] };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the permission hook (plugins/permissions.ts) on routes that declare a permission. */
    actor: Actor | null;
  }
}

/**
 * Runs `work` in a transaction that can only see `instituteId`'s rows of tenant tables: it acts as
 * the non-superuser role `app_user`, for which row-level security applies (kit/tenant-table.ts),
 * with `app.institute_id` set for the transaction only. A write that names another institute fails
 * the policy's check; a read that forgets its filter gets nothing of another institute's.
 */
export async function inInstitute<T>(db: Db, instituteId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', 'app_user', true), set_config('app.institute_id', ${instituteId}, true)`,
    );
    return work(tx as unknown as Db);
  });
}

/**
 * The way a job reaches its institute's data, as `scoped` is a route's: the institute the job row
 * names (never one from its payload), as `app_user` with row-level security on. Each call is one
 * transaction: a job that sends through a gateway between its writes scopes each write, so what
 * was sent stays recorded whatever fails after it. Reads across institutes stay on the owner role
 * and say why where they are.
 */
export function scopedJob<T>(db: Db, job: { instituteId: string }, work: (tx: Db) => Promise<T>): Promise<T> {
  return inInstitute(db, job.instituteId, work);
}

/**
 * The one way a route reaches tenant data: the request's own institute and caller, never an id
 * from the client. Only routes that declare a permission have an actor, so a route that forgot to
 * declare one fails here (and in the roles suite) instead of serving data unchecked.
 */
export function scoped<T>(request: FastifyRequest, work: (tx: Db, actor: Actor) => Promise<T>): Promise<T> {
  const actor = actorOf(request);
  return inInstitute(request.server.database.db, actor.institute.id, (tx) => work(tx, actor));
}

/** The caller of a permission-declared route (a route without a declaration has none: a bug). */
export function actorOf(request: FastifyRequest): Actor {
  const actor = request.actor;
  if (!actor) throw new Error(`${request.method} ${request.routeOptions.url} declares no permission`);
  return actor;
}

/** Whether the caller holds `permission` (the `:own` forms are checked by each module's policy). */
export const holds = (actor: Actor, permission: Permission) => actor.permissions.includes(permission);
