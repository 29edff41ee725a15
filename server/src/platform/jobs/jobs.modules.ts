import type { FastifyInstance } from 'fastify';
import type { ModuleDefinition } from '../../kit/module';

/**
 * Defines every module's jobs (`jobs` in its definition) on the app's queue, when the web app or
 * `npm run worker` starts: the module list is passed in, as a platform module never imports the
 * domain. A kind declared twice is a bug, refused at start rather than one handler hiding another.
 */
export function defineModuleJobs(app: FastifyInstance, modules: readonly ModuleDefinition[]) {
  const declaredBy = new Map<string, string>();
  for (const module of modules)
    for (const { kind, run, bulk } of module.jobs ?? []) {
      const other = declaredBy.get(kind);
      if (other) throw new Error(`job ${kind} is declared by ${other} and ${module.name}`);
      declaredBy.set(kind, module.name);
      app.jobs.define(kind, (job) => run(job, app), { bulk });
    }
}
