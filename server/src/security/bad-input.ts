import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { sized } from '../testing/tier';
import { type Caller, isPublic, mayCall } from './access-table';
import { exampleOf } from './examples';
import { buildRequest, createHarness, ruleOf } from './harness';
import { cases } from './mutations';
import { type Answer, failureMessage, send } from './send';
import { callerHeaders } from './world';

// Bad input: for every documented route, CASES requests generated from its schemas and spoiled
// one way each (see mutations.ts), sent as a caller the route admits. None may answer 5xx; every
// refusal is the envelope { success: false, message }; what the schema forbids is refused (4xx).
// SECURITY_SEED replays a run; SECURITY_CASES changes the count per route (200 in the soak tier,
// 12 a route in `npm test`). The routes are dealt to bad-input-1.test.ts and bad-input-2.test.ts,
// so that the halves run on both of a run's workers: whole, the file took five minutes on one
// worker of the PostgreSQL run after the other had finished the rest of the suite.
const CASES = Number(process.env.SECURITY_CASES ?? sized(12, 200));
const SEED = Number(process.env.SECURITY_SEED ?? 20_260_101);
const BATCH = 8;

const PREFERRED: Caller[] = [
  'admin',
  'director',
  'operator',
  'grant',
  'teacher',
  'student',
  'parent',
  'anonymous',
];

function seedFor(key: string): number {
  let n = SEED;
  for (const ch of key) n = (n * 31 + ch.charCodeAt(0)) | 0;
  return n;
}

function judge(answer: Answer, invalid: boolean): string | undefined {
  if (answer.status >= 500) return 'server error';
  if (answer.status >= 400) {
    const message = failureMessage(answer);
    if (!message?.trim()) return 'refusal without { success: false, message }';
  } else if (invalid) return 'accepted what its schema forbids';
  return undefined;
}

/** The bad cases of every `parts`-th documented route, from the `part`-th (0-based). */
export async function badInputSuite(part: number, parts: number) {
  const h = await createHarness();
  afterAll(() => h.t.close());
  const { a } = h.world;

  describe(`bad input never gets a 5xx (routes, part ${part + 1} of ${parts})`, () => {
    const declared = h.ops.filter((op) => ruleOf(op)).filter((_, i) => i % parts === part);
    it.each(declared.map((op) => [op.key, op] as const))('%s', { timeout: 240_000 }, async (key, op) => {
      const rule = ruleOf(op);
      if (!rule) throw new Error('unreachable');
      const caller = PREFERRED.find((c) => mayCall(rule, c)) ?? 'anonymous';
      const valid = await buildRequest(h, op, { caller, callerParty: a });
      const signedIn = !isPublic(rule) && caller !== 'grant';
      const generated = fc.sample(cases(op, valid, exampleOf(key), { signedIn, needsTenant: signedIn }), {
        numRuns: CASES,
        seed: seedFor(key),
      });
      const findings: string[] = [];
      let sent = 0;
      for (let i = 0; i < generated.length; i += BATCH) {
        await Promise.all(
          generated.slice(i, i + BATCH).map(async (c) => {
            // Each case gets its own session, so a case that signs out cannot spoil the next.
            const fresh = await callerHeaders(h.world, a, caller);
            const headers = { ...c.request.headers };
            if (headers.authorization === valid.headers?.authorization && fresh.authorization)
              headers.authorization = fresh.authorization;
            if (headers['x-registration-token'] && fresh['x-registration-token'])
              headers['x-registration-token'] = fresh['x-registration-token'];
            let answer: Answer;
            try {
              answer = await send(h.t.app, { ...c.request, headers });
            } catch (error) {
              // A header no HTTP client can send (e.g. a newline in a value) never reaches the app.
              if (/Invalid character|header content|ERR_INVALID_CHAR/i.test(String(error))) return;
              throw error;
            }
            sent++;
            const problem = judge(answer, c.invalid);
            if (problem)
              findings.push(
                `${problem}: ${c.kind} -> ${answer.status} ${answer.text.slice(0, 160)} [${c.request.method} ${c.request.url.slice(0, 120)}]`,
              );
          }),
        );
      }
      expect(sent, `${key}: too few cases reached the app`).toBeGreaterThanOrEqual(CASES * 0.9);
      const unique = [...new Set(findings)];
      expect(unique.length, `\n${key} (seed ${seedFor(key)}):\n${unique.slice(0, 25).join('\n')}\n`).toBe(0);
    });
  });
}
