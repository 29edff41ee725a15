import type { FastifyInstance } from 'fastify';
import { installHooks } from '../kit/hooks';
import type { ModuleDefinition } from '../kit/module';
import { installPermissions } from '../kit/permissions';
import { PLATFORM_MODULES } from '../platform';
import { DOMAIN_MODULES } from '.';

/** Every module, platform first: the app, the worker, the seed and the security suites read this list. */
export const ALL_MODULES: readonly ModuleDefinition[] = [...PLATFORM_MODULES, ...DOMAIN_MODULES];

/** Every module's routes, under /api, in the list's order. */
export async function registerModules(api: FastifyInstance) {
  for (const module of ALL_MODULES)
    for (const { plugin, prefix } of module.routes ?? [])
      await api.register(plugin, prefix ? { prefix } : {});
}

/**
 * Fills the hooks' and the permissions' registries from the list, once: the app and the worker
 * call it as they start, and so does the demo seed, which runs before the app is built and calls
 * services that emit events and make actors for jobs.
 */
export function installModules() {
  installHooks(ALL_MODULES);
  installPermissions(ALL_MODULES);
}
