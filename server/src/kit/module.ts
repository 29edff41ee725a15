import type { PermissionDeclarations } from '@schooliko/common/permissions';
import type { Table } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { JobContext } from '../platform/jobs/jobs.service';
import type { EventHandlers, Provided } from './hooks';

/**
 * A module, declared once (docs/modules.md, ADR 016): everything the app, the worker, the seed
 * and the security suites need to know about it. The lists in `server/src/modules/index.ts`
 * (and `server/src/platform/index.ts`) name every module; route registration, jobs, hooks, the
 * demo seed and the security tables are derived from them.
 */
export type ModuleDefinition = {
  /** The module's folder name: `fees`. */
  name: string;
  /**
   * The permission strings it declares, with their grants (`definePermissions()` in
   * `common/src/<area>/permissions.ts`); the app's catalogue is every module's (kit/permissions.ts).
   */
  permissions?: PermissionDeclarations;
  /** Route plugins, registered under /api in the list's order (a prefix such as '/fees'). */
  routes?: readonly { plugin: FastifyPluginAsync; prefix?: string }[];
  /**
   * Background jobs by kind. Defined when the app or `npm run worker` starts, never by a route
   * plugin, so a worker runs them without the HTTP routes.
   */
  jobs?: readonly ModuleJob[];
  /** Reactions to other modules' events (kit/hooks.ts). */
  on?: EventHandlers;
  /** Answers this module gives others (kit/hooks.ts). */
  provides?: Provided;
};

export type ModuleJob = {
  kind: string;
  run: (job: JobContext, app: FastifyInstance) => Promise<Record<string, unknown> | undefined>;
  /** Tables the job writes in bulk: their statistics are renewed before it is marked done. */
  bulk?: readonly Table[];
};

/** Declares a module; the identity function is there for the types and for grep. */
export function defineModule<const M extends ModuleDefinition>(module: M): M {
  return module;
}
