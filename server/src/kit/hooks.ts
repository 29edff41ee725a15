/**
 * How modules react to each other without reaching into each other (ADR 016). A module that
 * announces something declares its event by augmenting `ModuleEvents` in its public `index.ts`:
 *
 *   declare module '../../kit/hooks' {
 *     interface ModuleEvents { 'student.enrolled': { tx: Db; actor: Actor; studentId: string } }
 *   }
 *
 * and calls `emit('student.enrolled', payload)` in the transaction of the change. Any module may
 * react in its definition (`on: { 'student.enrolled': billEnrolment }`); the handlers run in
 * the module list's order, in the same transaction, so a failing reaction rolls the change back.
 *
 * A module that answers a question for another (attendance gives report cards their figures)
 * declares it in `ModuleProviders` and supplies it with `provides`; the asker calls
 * `provider('reportCard.attendance')` and gets the one module's function, or undefined when no
 * module provides it.
 *
 * The registry is filled once, from the module list, when the app or the worker starts
 * (`installHooks`), and never changes after.
 */
// biome-ignore lint/suspicious/noEmptyInterface: augmented by the modules that declare events
export interface ModuleEvents {}
// biome-ignore lint/suspicious/noEmptyInterface: augmented by the modules that provide answers
export interface ModuleProviders {}

export type EventHandlers = {
  [K in keyof ModuleEvents]?: (payload: ModuleEvents[K]) => Promise<void>;
};
export type Provided = { [K in keyof ModuleProviders]?: ModuleProviders[K] };

type Registry = {
  handlers: ReadonlyMap<string, readonly ((payload: unknown) => Promise<void>)[]>;
  providers: ReadonlyMap<string, unknown>;
  from: readonly object[];
};
let registry: Registry | undefined;

/** Builds the registry from the modules' `on` and `provides`; a second call with the same list is a no-op. */
export function installHooks(modules: readonly { name: string; on?: EventHandlers; provides?: Provided }[]) {
  if (registry) {
    if (registry.from.length === modules.length && registry.from.every((m, i) => m === modules[i])) return;
    throw new Error('The module hooks were installed from another module list');
  }
  const handlers = new Map<string, ((payload: unknown) => Promise<void>)[]>();
  const providers = new Map<string, unknown>();
  const providedBy = new Map<string, string>();
  for (const m of modules) {
    for (const [event, handler] of Object.entries(m.on ?? {})) {
      if (!handler) continue;
      const list = handlers.get(event) ?? [];
      list.push(handler as (payload: unknown) => Promise<void>);
      handlers.set(event, list);
    }
    for (const [name, fn] of Object.entries(m.provides ?? {})) {
      if (!fn) continue;
      const other = providedBy.get(name);
      if (other) throw new Error(`${name} is provided by both ${other} and ${m.name}`);
      providedBy.set(name, m.name);
      providers.set(name, fn);
    }
  }
  registry = { handlers, providers, from: [...modules] };
}

function installed(): Registry {
  if (!registry) throw new Error('The module hooks are not installed: build the app (or the worker) first');
  return registry;
}

/** Runs every module's reaction to `event`, one after another, in the caller's transaction. */
export async function emit<K extends keyof ModuleEvents>(event: K, payload: ModuleEvents[K]): Promise<void> {
  for (const handler of installed().handlers.get(event as string) ?? []) await handler(payload);
}

/** The function a module provides under `name`, or undefined when none does. */
export function provider<K extends keyof ModuleProviders>(name: K): ModuleProviders[K] | undefined {
  return installed().providers.get(name as string) as ModuleProviders[K] | undefined;
}
