import { afterAll, describe, expect, it } from 'vitest';
import { audiences, CALLERS, type Caller, isPublic, mayCall } from './access-table';
import { buildRequest, createHarness, ruleOf } from './harness';
import { makerFor } from './resources';
import { send, describe as show } from './send';
import { leaks } from './world';

// Tenant isolation: for every documented route, a member of institute A who may call it at A
// tries it on institute B's host, and on A's host with ids of B's resources. B must refuse and
// A must learn nothing: no answer may carry B's private strings (member emails and names, the
// marker written into B's records), nor, outside public routes, B's name, code or domain.
const h = await createHarness();
afterAll(() => h.t.close());
const { a, b } = h.world;

const REFUSED = [401, 403, 404];
const PREFERRED: Caller[] = ['admin', 'director', 'teacher', 'student', 'parent', 'grant', 'anonymous'];

const judged = h.ops.filter((op) => {
  const rule = ruleOf(op);
  if (!rule) return false;
  // Operator routes are platform-wide by design (the roles suite keeps everyone else out of them);
  // development tools are absent in production (checked by the roles suite).
  const who = audiences(rule);
  return !who.every((x) => x === 'operator' || x === 'dev');
});

describe('tenant isolation', () => {
  it('judges most of the API', () => {
    expect(judged.length).toBeGreaterThan(h.ops.length / 2);
  });

  it.each(judged.map((op) => [op.key, op] as const))('%s', async (_key, op) => {
    const rule = ruleOf(op);
    if (!rule) throw new Error('unreachable');
    const caller = PREFERRED.find((c) => mayCall(rule, c)) ?? CALLERS[0];
    const open = isPublic(rule) || audiences(rule).includes('grant');
    const forbidden = open ? b.privateStrings : [...b.privateStrings, ...b.publicStrings];
    const ownsParam = op.pathParams.some((p) => makerFor(p.name, op));
    const problems: string[] = [];

    const check = async (label: string, host: typeof a, mustRefuse: boolean) => {
      const request = await buildRequest(h, op, { caller, callerParty: a, host, owner: b });
      const answer = await send(h.t.app, request);
      const where = `${op.key}: ${label} as A's ${caller} (${request.method} ${request.url})`;
      if (answer.status >= 500) problems.push(`${where}: ${show(answer)}`);
      if (mustRefuse && !REFUSED.includes(answer.status))
        problems.push(`${where}: not refused: ${show(answer)}`);
      const found = leaks(answer.text + JSON.stringify(answer.headers), forbidden);
      if (found.length) problems.push(`${where}: reveals B's ${found.join(', ')}: ${show(answer)}`);
    };

    await check("on B's host with B's ids", b, !open && caller !== 'anonymous');
    await check("on A's host with B's ids", a, !open && ownsParam);
    expect(problems.length, `\n${problems.join('\n')}\n`).toBe(0);
  });

  it("refuses B's member signing in on A's host, revealing nothing", async () => {
    const res = await send(h.t.app, {
      method: 'POST',
      url: '/api/auth/signin',
      headers: { host: a.institute.domain },
      payload: { email: b.members.admin.email, password: 'Password@123', role: 'admin' },
    });
    expect([401, 403]).toContain(res.status);
    expect(
      leaks(res.text, [...b.privateStrings.filter((s) => s !== b.members.admin.email), ...b.publicStrings]),
    ).toEqual([]);
  });
});
