import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';
import { soak } from '../testing/tier';
import { ACCESS_TABLE, type AccessRule, CALLERS, type Caller, mayCall } from './access-table';
import { buildRequest, createHarness, ruleOf } from './harness';
import { listOperations } from './openapi';
import { send, describe as show } from './send';

// The roles suite: every documented route, tried as each of the five roles, a pending member,
// an anonymous caller, a platform operator and a BDR with a registration grant, must answer as
// server/src/security/access-table.ts says. Requests are valid (built from the route's schemas),
// so that what decides the answer is who calls.
const h = await createHarness();
afterAll(() => h.t.close());

const REFUSED = [401, 403, 404];

describe('access table', () => {
  it('declares every route of the OpenAPI document', () => {
    const missing = h.ops
      .filter((op) => !(op.key in ACCESS_TABLE) && !op.permission)
      .map((op) => `  '${op.key}': ???,  // ${op.summary}`);
    expect(
      missing,
      `Routes with no line in server/src/security/access-table.ts (add one saying who may call each):\n${missing.join('\n')}`,
    ).toEqual([]);
  });

  it('declares each route once: by its permission or by a line, not both', () => {
    const both = h.ops.filter((op) => op.permission && op.key in ACCESS_TABLE).map((op) => op.key);
    expect(both, 'Routes with a permission need no line in access-table.ts').toEqual([]);
  });

  it('declares no route the app does not serve', () => {
    const served = new Set(h.ops.map((op) => op.key));
    const stale = Object.keys(ACCESS_TABLE).filter((key) => !served.has(key));
    expect(
      stale,
      `Lines in access-table.ts for routes the OpenAPI document lacks: ${stale.join(', ')}`,
    ).toEqual([]);
  });

  it("serves no 'dev' route in production", async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    try {
      const keys = new Set((await listOperations(prod.app)).map((op) => op.key));
      const dev = Object.entries(ACCESS_TABLE)
        .filter(([, entry]) => entry === 'dev' || (Array.isArray(entry) && entry.includes('dev')))
        .map(([key]) => key);
      expect(dev.length).toBeGreaterThan(0);
      for (const key of dev) {
        expect(keys.has(key), `${key} is documented in production`).toBe(false);
        const [method, url] = key.split(' ');
        const res = await prod.app.inject({ method: method as 'GET', url: url ?? '/' });
        expect(res.statusCode, `${key} in production`).toBe(404);
      }
    } finally {
      await prod.close();
    }
  });
});

/**
 * The callers a route is tried as: all of them in the soak tier; in `npm test`, one the table
 * admits and two it refuses, taken in turn from route to route, so that every caller meets about a
 * third of the routes and a route that lets a refused caller through is caught (a missing check
 * lets every refused caller through).
 */
function callersFor(rule: AccessRule, index: number): readonly Caller[] {
  if (soak) return CALLERS;
  const inTurn = (list: Caller[], n: number) =>
    Array.from({ length: Math.min(n, list.length) }, (_, i) => list[(index + i) % list.length] as Caller);
  return [
    ...inTurn(
      CALLERS.filter((c) => mayCall(rule, c)),
      1,
    ),
    ...inTurn(
      CALLERS.filter((c) => !mayCall(rule, c)),
      2,
    ),
  ];
}

describe('who may call what', () => {
  const declared = h.ops.filter((op) => ruleOf(op));
  it.each(declared.map((op, index) => [op.key, op, index] as const))('%s', async (_key, op, index) => {
    const rule = ruleOf(op);
    if (!rule) throw new Error('unreachable');
    const problems: string[] = [];
    // Refusals only say something when the request passed validation: judged by the allowed callers.
    const someRefused = CALLERS.some((caller) => !mayCall(rule, caller));
    for (const caller of callersFor(rule, index)) {
      const request = await buildRequest(h, op, { caller, callerParty: h.world.a });
      const answer = await send(h.t.app, request);
      const where = `${op.key} as ${caller} (${request.method} ${request.url})`;
      if (answer.status >= 500) problems.push(`${where}: ${show(answer)}`);
      else if (mayCall(rule, caller)) {
        if ((answer.status === 401 || answer.status === 403) && !rule.inputRefusals?.includes(answer.status))
          problems.push(`${where}: allowed by the table, refused by the app: ${show(answer)}`);
        if (answer.status === 400 && someRefused)
          problems.push(
            `${where}: the generated request did not pass validation (${show(answer)}); give the route an entry in examples.ts`,
          );
      } else if (!REFUSED.includes(answer.status))
        problems.push(`${where}: refused by the table, the app answered ${show(answer)}`);
    }
    expect(problems.length, `\n${problems.join('\n')}\n`).toBe(0);
  });
});
