import type { ModuleSecurity } from '../kit/module';
import { ALL_MODULES } from '../modules/routes';
import type { Example } from './examples';
import type { ResourceMaker } from './resources';

/**
 * The makers and examples the modules declare (`security` in each definition), loaded once by
 * `createHarness()` before any request is built. The suites' own tables (resources.ts,
 * examples.ts) hold what no one module owns.
 */
let declared: { makers: readonly ResourceMaker[]; examples: Readonly<Record<string, Example>> } | undefined;

export async function loadDeclared(shared: Readonly<Record<string, Example>>): Promise<void> {
  if (declared) return;
  const makers: ResourceMaker[] = [];
  const examples: Record<string, Example> = {};
  for (const module of ALL_MODULES) {
    const security: ModuleSecurity = (await module.security?.()) ?? {};
    makers.push(...(security.makers ?? []));
    for (const [key, example] of Object.entries(security.examples ?? {})) {
      if (key in examples || key in shared)
        throw new Error(`${module.name} gives a second example for ${key}`);
      examples[key] = example;
    }
  }
  declared = { makers, examples };
}

/** The modules' makers and examples; reading them before `loadDeclared()` is a mistake. */
export function declaredSecurity() {
  if (!declared) throw new Error('The modules’ security tables are read before createHarness() loads them');
  return declared;
}
