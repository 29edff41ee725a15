import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { check, ratchet, runtimeImports } from './boundaries.mjs';

const tree = (files) => new Map(Object.entries(files));
const keys = (files) => check(tree(files)).map((v) => v.key);

describe('boundaries', () => {
  it("fails a module importing another module's table, and passes it through the owner's index", () => {
    const files = {
      'server/src/modules/students/students.table.ts': 'export const students = 1;',
      'server/src/modules/students/index.ts': "export { students } from './students.table';",
      'server/src/modules/fees/fees.service.ts': "import { students } from '../students/students.table';",
      'server/src/modules/fees/fees.read.ts': "import { students } from '../students';",
    };
    expect(keys(files)).toEqual([
      'module-table: server/src/modules/fees/fees.service.ts -> server/src/modules/students/students.table.ts',
    ]);
  });

  it("fails a module importing another module's file other than its index.ts", () => {
    expect(
      keys({
        'server/src/modules/students/students.read.ts': 'export const findStudent = 1;',
        'server/src/modules/fees/fees.service.ts': "import { findStudent } from '../students/students.read';",
      }),
    ).toEqual([
      'module-index: server/src/modules/fees/fees.service.ts -> server/src/modules/students/students.read.ts',
    ]);
  });

  it("holds a module's demo seed and security makers to other modules' index.ts; the demo's helpers are theirs", () => {
    expect(
      keys({
        'server/src/modules/students/students.table.ts': 'export const students = 1;',
        'server/src/modules/students/index.ts': "export { students } from './students.table';",
        'server/src/platform/jobs/jobs.table.ts': 'export const jobs = 1;',
        'server/src/platform/jobs/jobs.actor.ts': 'export const actorForJob = 1;',
        'server/src/db/demo/generator.ts': 'export const random = 1;',
        'server/src/modules/fees/fees.seed.ts': [
          "import { random } from '../../db/demo/generator';",
          "import { students } from '../students';",
          "import { actorForJob } from '../../platform/jobs/jobs.actor';",
        ].join('\n'),
        'server/src/modules/fees/fees.security.ts': [
          "import { jobs } from '../../platform/jobs/jobs.table';",
          "import { students } from '../students/students.table';",
        ].join('\n'),
      }),
    ).toEqual([
      'module-table: server/src/modules/fees/fees.security.ts -> server/src/modules/students/students.table.ts',
      'module-table: server/src/modules/fees/fees.security.ts -> server/src/platform/jobs/jobs.table.ts',
    ]);
  });

  it('fails the kit importing a module or the platform, and a plugin importing the platform', () => {
    const violations = check(
      tree({
        'server/src/modules/students/index.ts': 'export const students = 1;',
        'server/src/platform/auth/auth.table.ts': 'export const users = 1;',
        'server/src/kit/scope.ts': "import { students } from '../modules/students';",
        'server/src/plugins/auth.ts': "import { users } from '../platform/auth/auth.table';",
      }),
    );
    expect(violations.map((v) => [v.key, v.message])).toEqual([
      [
        'layer: server/src/kit/scope.ts -> server/src/modules/students/index.ts',
        'kit may not import modules',
      ],
      [
        'layer: server/src/plugins/auth.ts -> server/src/platform/auth/auth.table.ts',
        'kit may not import platform',
      ],
    ]);
  });

  it('lets type-only imports, tables referencing tables and the composition cross any line', () => {
    expect(
      keys({
        'server/src/modules/students/students.table.ts': 'export const students = 1;',
        'server/src/kit/scope.ts': "import type { students } from '../modules/students/students.table';",
        'server/src/modules/fees/fees.table.ts': "import { students } from '../students/students.table';",
        'server/src/modules/fees/fees.testing.ts': "import { students } from '../students/students.table';",
        'server/src/app.ts': "import { students } from './modules/students/students.table';",
      }),
    ).toEqual([]);
    expect(runtimeImports("import { type A, type B } from './a';\nexport type { C } from './c';")).toEqual(
      [],
    );
    expect(runtimeImports("import { a, type B } from './a';\nconst p = import('./p');")).toEqual([
      './a',
      './p',
    ]);
  });

  it("fails a web feature importing another feature's file other than its index.ts", () => {
    expect(
      keys({
        'web/src/features/people/people.api.ts': 'export const api = 1;',
        'web/src/kit/forms/field.tsx': 'export const Field = 1;',
        'web/src/features/fees/dues-page.tsx':
          "import { api } from '../people/people.api';\nimport { Field } from '../../kit/forms/field';",
        'web/src/app/store.ts': "import { api } from '../features/people/people.api';",
      }),
    ).toEqual([
      'feature-index: web/src/features/fees/dues-page.tsx -> web/src/features/people/people.api.ts',
    ]);
  });

  it('holds old violations in the baseline, fails a new one and asks for a fixed one to be removed', () => {
    const v = (key) => ({ key, file: 'f', import: 'i', rule: 'layer', message: 'm' });
    expect(ratchet([v('a')], ['a']).ok).toBe(true);
    expect(ratchet([v('a'), v('b')], ['a']).lines).toEqual(['✗ f imports i\n    rule layer: m']);
    expect(ratchet([], ['a']).lines).toEqual([
      '✗ fixed, remove its line from scripts/boundaries.baseline.json (or run --prune): a',
    ]);
  });

  // Reads every source file in a child process: seconds on a busy machine.
  it('passes on the tree', { timeout: 30_000 }, () => {
    expect(execFileSync('node', ['scripts/boundaries.mjs'], { encoding: 'utf8' })).toMatch(/^boundaries: ok/);
  });
});
