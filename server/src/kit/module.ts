import type { PermissionDeclarations } from '@schooliko/common/permissions';
import type { Table } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/client';
import type { JobContext } from '../platform/jobs/jobs.service';
import type { Example } from '../security/examples';
import type { ResourceMaker } from '../security/resources';
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
  /**
   * Its step of the demo seed (`<folder>.seed.ts`), run by `seedDemo()` (db/seed.ts) in the list's
   * order, so a step finds what earlier modules seeded. Idempotent: every start may run it.
   */
  seed?: ModuleSeed;
  /**
   * What the security suites need to call its routes (`<folder>.security.ts`): makers of its rows
   * for path parameters and fields, and example requests where its schemas alone cannot make a
   * valid one (docs/modules.md, step 2). Loaded by the suites only, so the app never loads it.
   */
  security?: () => Promise<ModuleSecurity>;
  /** Route plugins, registered under /api in the list's order (a prefix such as '/fees'). */
  routes?: readonly { plugin: FastifyPluginAsync; prefix?: string }[];
  /**
   * Background jobs by kind. Defined when the app or `npm run worker` starts, never by a route
   * plugin, so a worker runs them without the HTTP routes.
   */
  jobs?: readonly ModuleJob[];
  /** Reactions to other modules' events (kit/hooks.ts). */
  on?: EventHandlers;
  /**
   * Tidying it does every hour in the background (the server's maintenance timer, main.ts): what
   * it keeps for speed folded up, never a user's request. Runs as the database owner, over every
   * institute; must be safe to run on several instances at once.
   */
  hourly?: (db: Db) => Promise<void>;
  /** Answers this module gives others (kit/hooks.ts). */
  provides?: Provided;
};

/** What a demo seed step knows of the demo seeded so far (db/seed.ts, `demoContext`). */
export type DemoContext = {
  /** The development institute (`DEV_DOMAIN`), once the institutes are seeded. */
  devInstituteId?: string;
  /** The second demo institute, Green Valley. */
  greenValleyId?: string;
  /** The demo accounts' user ids by email, once the users are seeded. */
  emails: ReadonlyMap<string, string>;
};

export type ModuleSeed = (db: Db, demo: DemoContext) => Promise<void>;

export type ModuleSecurity = {
  makers?: readonly ResourceMaker[];
  /** By operation, `METHOD /api/path`, like the access table. */
  examples?: Readonly<Record<string, Example>>;
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
