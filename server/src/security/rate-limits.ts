import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(import.meta.dirname, '..');
const RULE = /name:\s*'([a-z0-9-]+)',\s*max:\s*\d+,\s*windowSeconds:/g;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

/** Every rate rule any module declares (`{ name: 'x', max: n, windowSeconds: s }`), found in the source. */
export function rateRuleNames(): string[] {
  const names = new Set<string>();
  for (const file of sourceFiles(SRC))
    for (const m of readFileSync(file, 'utf8').matchAll(RULE)) names.add(m[1] ?? '');
  names.delete('');
  return [...names].sort();
}

/**
 * RATE_LIMITS that no adversarial suite can reach: a 429 would hide the answer the suites are
 * checking. Rules added later are found in the source, so nothing here needs updating.
 */
export function unreachableRateLimits(): string {
  return rateRuleNames()
    .map((name) => `${name}=1000000/1`)
    .join(',');
}
