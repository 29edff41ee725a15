import type { Permission } from '@schooliko/common/permissions';
import { rolesAllowed } from '../kit/permissions';
import { createTestApp, type TestApp } from '../testing/test-app';
import { ACCESS_TABLE, type AccessRule, accessRule, type Caller } from './access-table';
import { loadDeclared } from './declared';
import { EXAMPLES, exampleOf, multipartBody } from './examples';
import { fillPath, listOperations, type Operation, queryString } from './openapi';
import { unreachableRateLimits } from './rate-limits';
import { makerFor, PRIVATE_RECORDS, privateNotifications, type ResourceContext } from './resources';
import { type ExampleMode, example } from './samples';
import { type Request, send } from './send';
import { callerHeaders, makeWorld, type Party, type World } from './world';

/** One suite's app, its two institutes and the documented operations. */
export type Harness = {
  t: TestApp;
  world: World;
  ops: Operation[];
  byKey: Map<string, Operation>;
  cache: Map<string, Promise<unknown>>;
};

export async function createHarness(env: Record<string, string> = {}): Promise<Harness> {
  await loadDeclared(EXAMPLES);
  // Batches of one route's cases at once: past the report limits they would be 429s, not answers.
  const t = await createTestApp({
    RATE_LIMITS: unreachableRateLimits(),
    REPORTS_PER_USER: '1000',
    REPORTS_PER_INSTITUTE: '10000',
    ...env,
  });
  const world = await makeWorld(t);
  const ops = (await listOperations(t.app)).map((op) => ({
    ...op,
    permission: t.app.routePermissions.get(op.key),
  }));
  const h: Harness = { t, world, ops, byKey: new Map(ops.map((o) => [o.key, o])), cache: new Map() };
  for (const party of [world.a, world.b]) {
    await privateNotifications(world, party);
    for (const record of PRIVATE_RECORDS) {
      const res = await call(h, record.key, {
        caller: record.caller,
        callerParty: party,
        fields: record.fields(party),
      });
      if (res && res.status >= 300)
        throw new Error(`${record.key} for ${party.label}: ${res.status} ${res.text}`);
    }
  }
  return h;
}

/**
 * Who may call the operation: its line in the access table, or, for a route that declares its
 * permission, the roles that hold it (the table is generated from the declarations).
 */
export function ruleOf(op: Operation): AccessRule | undefined {
  const entry = ACCESS_TABLE[op.key];
  if (entry !== undefined) return accessRule(entry);
  if (op.permission) {
    // An `:own` permission is checked on the object too (a teacher adds only to a section they
    // lead): refusing a generated request for its object is not refusing the caller.
    const own = op.permission.some((p) => p.endsWith(':own'));
    return { who: rolesAllowed(op.permission as Permission[]), ...(own ? { inputRefusals: [403] } : {}) };
  }
  return undefined;
}

export type BuildOptions = {
  caller: Caller;
  /** The caller's institute (whose member it is). */
  callerParty: Party;
  /** The institute whose host the request goes to (default: the caller's). */
  host?: Party;
  /** The institute whose resources fill ids (default: the caller's). */
  owner?: Party;
  mode?: ExampleMode;
  /** Body fields to replace. */
  fields?: Record<string, unknown>;
};

function context(h: Harness, op: Operation, o: BuildOptions, owner: Party): ResourceContext {
  return {
    world: h.world,
    owner,
    caller: o.caller,
    callerParty: o.callerParty,
    op,
    call: (key, party, caller, fields) => call(h, key, { caller, callerParty: party, fields }),
    once: (key, make) => {
      let value = h.cache.get(key) as Promise<string | undefined> | undefined;
      if (!value) {
        value = make();
        h.cache.set(key, value);
      }
      return value;
    },
  };
}

async function resource(
  h: Harness,
  op: Operation,
  o: BuildOptions,
  owner: Party,
  name: string,
): Promise<unknown> {
  const maker = makerFor(name, op);
  return maker ? maker.make(context(h, op, o, owner)) : undefined;
}

/** A request the operation's schemas accept, with ids of `owner`'s resources, as `caller`. */
export async function buildRequest(h: Harness, op: Operation, o: BuildOptions): Promise<Request> {
  const owner = o.owner ?? o.callerParty;
  const mode = o.mode ?? 'all';
  const params: Record<string, string> = {};
  for (const p of op.pathParams)
    params[p.name] = String((await resource(h, op, o, owner, p.name)) ?? example(p.schema, p.name, mode));
  const query: Record<string, unknown> = {};
  for (const p of op.query) {
    if (mode === 'required' && !p.required) continue;
    query[p.name] = (await resource(h, op, o, owner, p.name)) ?? example(p.schema, p.name, mode);
  }
  const given = exampleOf(op.key) ?? {};
  Object.assign(query, given.query);
  let payload: unknown;
  if (op.body) {
    const body = example(op.body.schema, '', mode);
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const record = body as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        const value = await resource(h, op, o, owner, key);
        if (value !== undefined) record[key] = value;
      }
      Object.assign(record, given.body, o.fields);
      for (const [key, value] of Object.entries(record)) if (value === undefined) delete record[key];
    }
    payload = body;
  }
  const headers = await callerHeaders(h.world, o.callerParty, o.caller, o.host ?? o.callerParty);
  for (const p of op.headers) headers[p.name] = String(example(p.schema, p.name, mode));
  Object.assign(headers, given.headers);
  if (given.multipart) {
    const form = multipartBody(given.multipart.fields, given.multipart.file);
    payload = form.payload;
    headers['content-type'] = form.contentType;
  }
  return { method: op.method, url: fillPath(op, params) + queryString(query), headers, payload };
}

/** Sends a valid request to the route `key` (undefined when the app has no such route). */
export async function call(h: Harness, key: string, o: BuildOptions) {
  const op = h.byKey.get(key);
  if (!op) return undefined;
  return send(h.t.app, await buildRequest(h, op, o));
}
