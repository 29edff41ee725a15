import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_MODULES } from './routes';

const SRC = path.resolve(import.meta.dirname, '..');

/** Every `*.routes.ts` under server/src. */
const routesFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routesFiles(full);
    return entry.name.endsWith('.routes.ts') ? [full] : [];
  });

describe('module jobs', () => {
  it('are declared in the module definitions, each kind once', () => {
    const declared = ALL_MODULES.flatMap((m) => (m.jobs ?? []).map((job) => `${m.name}: ${job.kind}`));
    expect(declared).toEqual([
      'mail: mail.send',
      'messaging: messaging.send',
      'messaging: messaging.delivery-reports',
      'imports: people.import',
      'promotions: students.promote',
      'fees: fees.generate',
      'fees: fees.reminders',
      'fees: fees.exam-bill',
      'fees: fees.carry-forward',
      'exams: exams.report-cards',
      'reception: appointments.remind',
    ]);
    const kinds = declared.map((d) => d.split(': ')[1]);
    expect(new Set(kinds).size).toBe(kinds.length);
  });

  it('are never defined by a route plugin (a worker runs them without the routes)', () => {
    const files = routesFiles(SRC);
    expect(files.length).toBeGreaterThan(30);
    const defining = files.filter((file) => readFileSync(file, 'utf8').includes('jobs.define'));
    expect(defining.map((file) => path.relative(SRC, file))).toEqual([]);
  });
});
