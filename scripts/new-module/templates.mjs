// The files `npm run new-module` writes, for `n` = { name, camel, pascal, constant, table, title, hi, mr }.
// Kept as short as the kit lets a module be: read them as the recipe's worked example.

export function templates(n) {
  return {
    [`common/src/${n.name}/${n.name}.ts`]: common(n),
    [`server/src/modules/${n.name}/${n.name}.table.ts`]: table(n),
    [`server/src/modules/${n.name}/${n.name}.routes.ts`]: routes(n),
    [`server/src/modules/${n.name}/${n.name}.module.ts`]: serverModule(n),
    [`server/src/modules/${n.name}/${n.name}.test.ts`]: apiTest(n),
  };
}

const common = (n) => `import { z } from 'zod';
import { defineMessages } from '../messages';
import { pageQuery, patchOf } from '../people/fields';

/** ${n.title}: its messages, what a form sends and what the API answers. */
export const ${n.constant}_MESSAGES = defineMessages('${n.camel}', {
  created: '${n.title}: entry added',
  updated: '${n.title}: entry saved',
  notFound: '${n.title}: entry not found',
} as const);

export const create${n.pascal}Schema = z.object({
  name: z.string().trim().min(1).max(120),
  note: z.string().trim().max(500).default(''),
});
export type ${n.pascal}Input = z.input<typeof create${n.pascal}Schema>;
export const update${n.pascal}Schema = patchOf(create${n.pascal}Schema);

export const ${n.camel}Schema = z.object({
  id: z.uuid(),
  name: z.string(),
  note: z.string(),
  created_at: z.string(),
});
export type ${n.pascal} = z.infer<typeof ${n.camel}Schema>;

export const ${n.camel}ListQuery = pageQuery.extend({ sort: z.enum(['name', 'created_at']).optional() });
`;

const table = (n) => `import { index, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/** ${n.title}: one row per entry, within its institute. */
export const ${n.camel} = tenantTable(
  '${n.table}',
  {
    name: text('name').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('${n.table}_name_idx').on(t.instituteId, t.name, t.id), index('${n.table}_created_idx').on(t.instituteId, t.createdAt, t.id)],
);
`;

const routes = (n) => `import {
  ${n.constant}_MESSAGES,
  ${n.camel}ListQuery,
  ${n.camel}Schema,
  create${n.pascal}Schema,
  update${n.pascal}Schema,
} from '@schooliko/common/${n.name}/${n.name}';
import { recordRoutes } from '../../kit/record-routes';
import { recordService } from '../../kit/record-service';
import { ${n.camel} } from './${n.name}.table';

const schemas = {
  query: ${n.camel}ListQuery,
  item: ${n.camel}Schema,
  create: create${n.pascal}Schema,
  update: update${n.pascal}Schema,
};

/** ${n.title}: the list, its export, add, read and change, under /api/${n.name}. */
export const ${n.camel}Routes = recordRoutes({
  tags: ['${n.name}'],
  permissions: { read: '${n.name}:read', create: '${n.name}:write', update: '${n.name}:write' },
  schemas,
  summaries: {
    list: '${n.title}, a page at a time',
    create: 'Adds an entry',
    read: 'One entry',
    update: 'Changes an entry',
  },
  messages: ${n.constant}_MESSAGES,
  file: {
    name: '${n.name}',
    sheet: '${n.title}',
    columns: [
      { key: 'name', header: 'Name', value: (r) => r.name },
      { key: 'note', header: 'Note', value: (r) => r.note },
    ],
  },
  ...recordService({
    table: ${n.camel},
    schemas,
    toItem: (row) => ({ id: row.id, name: row.name, note: row.note, created_at: row.createdAt.toISOString() }),
    toColumns: (input) => ({ name: input.name, note: input.note }),
    search: (t) => [t.name, t.note],
    sorts: (t) => ({ name: t.name, created_at: t.createdAt }),
    defaultSort: 'name',
    notFound: ${n.constant}_MESSAGES.notFound,
  }),
});
`;

const serverModule = (n) => `import { defineModule } from '../../kit/module';
import { ${n.camel}Routes } from './${n.name}.routes';

export const ${n.camel}Module = defineModule({
  name: '${n.name}',
  routes: [{ plugin: ${n.camel}Routes, prefix: '/${n.name}' }],
});
`;

const apiTest = (n) => `import { describe, expect, it } from 'vitest';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp();
const send = (method: 'GET' | 'POST' | 'PATCH', headers: Record<string, string>, url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('${n.name}', () => {
  it('an admin adds, finds, reads and changes an entry', async () => {
    const s = await makeSchool(t.app);
    const added = await send('POST', s.admin.headers, '/api/${n.name}', { name: 'First entry', note: 'Shelf 2' });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().data.id as string;

    const found = await send('GET', s.admin.headers, '/api/${n.name}?search=first');
    expect(found.json().data).toMatchObject({ items: [{ id, name: 'First entry', note: 'Shelf 2' }], pagination: { total: 1 } });

    const changed = await send('PATCH', s.admin.headers, \`/api/${n.name}/\${id}\`, { note: 'Shelf 3' });
    expect(changed.json().data).toMatchObject({ id, name: 'First entry', note: 'Shelf 3' });
    expect((await send('GET', s.admin.headers, \`/api/${n.name}/\${id}\`)).json().data.note).toBe('Shelf 3');
  });

  it('refuses a blank name with the field named, and hides another institute’s entries', async () => {
    const s = await makeSchool(t.app);
    const other = await makeSchool(t.app, 'Other');
    const blank = await send('POST', s.admin.headers, '/api/${n.name}', { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().errors)).toEqual(['name']);

    const theirs = (await send('POST', other.admin.headers, '/api/${n.name}', { name: 'Theirs' })).json().data.id;
    expect((await send('GET', s.admin.headers, \`/api/${n.name}/\${theirs}\`)).statusCode).toBe(404);
    expect((await send('GET', s.admin.headers, '/api/${n.name}')).json().data.items).toEqual([]);
  });

  it('a student may not add an entry', async () => {
    const s = await makeSchool(t.app);
    expect((await send('POST', s.student.headers, '/api/${n.name}', { name: 'Mine' })).statusCode).toBe(403);
  });
});
`;
