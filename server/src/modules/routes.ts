import type { FastifyInstance } from 'fastify';
import type { ModuleDefinition } from '../kit/module';
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
