// The files `npm run new-module` writes, for `n` = { name, camel, pascal, constant, table, title, hi, mr }.
// Kept as short as the kit lets a module be: read them as the recipe's worked example.

export function templates(n) {
  return {
    [`common/src/${n.name}/${n.name}.ts`]: common(n),
    [`server/src/modules/${n.name}/${n.name}.table.ts`]: table(n),
    [`server/src/modules/${n.name}/${n.name}.routes.ts`]: routes(n),
    [`server/src/modules/${n.name}/${n.name}.module.ts`]: serverModule(n),
    [`server/src/modules/${n.name}/${n.name}.test.ts`]: apiTest(n),
    [`common/src/${n.name}/permissions.ts`]: permissions(n),
    [`server/src/modules/${n.name}/${n.name}.security.ts`]: security(n),
    [`web/src/features/${n.name}/${n.name}.module.ts`]: webModule(n),
    [`web/src/features/${n.name}/${n.name}.api.ts`]: webApi(n),
    [`web/src/features/${n.name}/${n.name}-page.tsx`]: webPage(n),
    [`web/src/features/${n.name}/${n.name}-dialog.tsx`]: webDialog(n),
    [`web/src/locales/en/${n.camel}.json`]: strings(n, EN),
    [`web/src/locales/hi/${n.camel}.json`]: strings(n, HI),
    [`web/src/locales/mr/${n.camel}.json`]: strings(n, MR),
    [`e2e/${n.name}.spec.ts`]: journey(n),
  };
}

const common = (n) => `import { z } from 'zod';
import { pageQuery } from '../kit/lists';
import { defineMessages } from '../messages';
import { patchOf } from '../people/fields';

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

const serverModule = (
  n,
) => `import { ${n.constant}_PERMISSIONS } from '@schooliko/common/${n.name}/permissions';
import { defineModule } from '../../kit/module';
import { ${n.camel}Routes } from './${n.name}.routes';

export const ${n.camel}Module = defineModule({
  name: '${n.name}',
  permissions: ${n.constant}_PERMISSIONS,
  security: () => import('./${n.name}.security'),
  routes: [{ plugin: ${n.camel}Routes, prefix: '/${n.name}' }],
});
`;

const permissions = (n) => `import { type Declared, definePermissions } from '../permissions';

/** ${n.title}: teachers read the entries; the office (admins and directors hold every permission) keeps them. */
export const ${n.constant}_PERMISSIONS = definePermissions({
  '${n.name}:read': { roles: ['teacher'] },
  '${n.name}:write': {},
});

declare module '../permissions' {
  interface DeclaredPermissions extends Declared<typeof ${n.constant}_PERMISSIONS> {}
}
`;

const security = (n) => `import type { ResourceContext, ResourceMaker } from '../../security/resources';
import { ${n.camel} } from './${n.name}.table';

/** An entry of the owner's institute whose name carries the marker (the security suites look for it). */
async function entryOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(\`${n.name}:\${c.owner.label}\`, async () => {
    const [row] = await c.world.t.database.db
      .insert(${n.camel})
      .values({ instituteId: c.owner.institute.id, name: \`Entry \${c.owner.secret}\` })
      .returning({ id: ${n.camel}.id });
    return row?.id;
  });
}

/** The security suites' makers for the ${n.title} routes (kit/module.ts, \`security\`). */
export const makers: readonly ResourceMaker[] = [{ name: 'id', under: '/api/${n.name}', make: entryOf }];
`;

const webModule = (n) => `import ListAlt from '@mui/icons-material/ListAlt';
import { defineWebModule } from '../../kit/module';

/** ${n.title}: its list in the sidebar, an entry of its own (docs/modules.md, step 8). */
export const ${n.camel}Module = defineWebModule({
  name: '${n.name}',
  strings: ['${n.camel}'],
  messages: { ${n.camel}: '${n.camel}.messages' },
  screens: [
    {
      path: '/${n.name}',
      page: () => import('./${n.name}-page'),
      permission: ['${n.name}:read', '${n.name}:write'],
      sidebar: {
        entry: '${n.camel}',
        order: 1000,
        icon: ListAlt,
        label: { en: '${n.title}', hi: '${n.hi}', mr: '${n.mr}' },
      },
    },
  ],
});
`;

const webApi = (
  n,
) => `import type { ${n.pascal}, ${n.pascal}Input } from '@schooliko/common/${n.name}/${n.name}';
import type { Ok } from '@schooliko/common/http';
import { api } from '../../app/api';

type Page<T> = { items: T[]; pagination: { page: number; limit: number; total: number; hasMore: boolean } };

const withApi = api.enhanceEndpoints({ addTagTypes: ['${n.pascal}'] });

/** ${n.title}'s endpoints (server: modules/${n.name}). */
export const ${n.camel}Api = withApi.injectEndpoints({
  endpoints: (build) => ({
    ${n.camel}List: build.query<Page<${n.pascal}>, Record<string, string | number>>({
      query: (params) => ({ url: '/${n.name}', params }),
      transformResponse: (r: Ok<Page<${n.pascal}>>) => r.data,
      providesTags: ['${n.pascal}'],
    }),
    add${n.pascal}: build.mutation<${n.pascal}, ${n.pascal}Input>({
      query: (body) => ({ url: '/${n.name}', method: 'POST', body }),
      transformResponse: (r: Ok<${n.pascal}>) => r.data,
      invalidatesTags: ['${n.pascal}'],
    }),
    change${n.pascal}: build.mutation<${n.pascal}, { id: string; body: Partial<${n.pascal}Input> }>({
      query: ({ id, body }) => ({ url: \`/${n.name}/\${id}\`, method: 'PATCH', body }),
      transformResponse: (r: Ok<${n.pascal}>) => r.data,
      invalidatesTags: ['${n.pascal}'],
    }),
  }),
});

export const { use${n.pascal}ListQuery, useAdd${n.pascal}Mutation, useChange${n.pascal}Mutation } = ${n.camel}Api;
`;

const webPage = (n) => `import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import type { ${n.pascal} } from '@schooliko/common/${n.name}/${n.name}';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { EmptyState, ListScreen } from '../../kit/lists/list-screen';
import { ${n.pascal}Dialog } from './${n.name}-dialog';
import { use${n.pascal}ListQuery } from './${n.name}.api';

/** /${n.name}: the entries, a page at a time; the office adds and changes them. */
export default function ${n.pascal}Page() {
  const { t } = useTranslation();
  const canWrite = useAppSelector((s) => s.auth.user?.permissions?.includes('${n.name}:write') ?? false);
  const [open, setOpen] = useState<${n.pascal} | 'new' | null>(null);
  const columns: GridColDef<${n.pascal}>[] = [
    { field: 'name', headerName: t('${n.camel}.field.name'), flex: 1, minWidth: 160 },
    { field: 'note', headerName: t('${n.camel}.field.note'), flex: 2, minWidth: 200, sortable: false },
  ];
  const add = canWrite ? (
    <Button variant="contained" startIcon={<Add />} onClick={() => setOpen('new')}>
      {t('${n.camel}.add')}
    </Button>
  ) : null;
  return (
    <>
      <ListScreen<${n.pascal}>
        title={t('${n.camel}.title')}
        useList={use${n.pascal}ListQuery}
        columns={columns}
        phoneColumns={['name']}
        exportPath="/${n.name}/export"
        exportName="${n.name}"
        actions={add}
        empty={<EmptyState text={t(canWrite ? '${n.camel}.empty' : '${n.camel}.emptyReader')} action={add} />}
        onOpen={(row) => canWrite && setOpen(row)}
      />
      {open && <${n.pascal}Dialog entry={open === 'new' ? null : open} onClose={() => setOpen(null)} />}
    </>
  );
}
`;

const webDialog = (n) => `import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type ${n.pascal}, type ${n.pascal}Input, create${n.pascal}Schema } from '@schooliko/common/${n.name}/${n.name}';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RhfTextField } from '../../kit/forms/form-fields';
import { FormAlert, SubmitButton, useSchemaForm } from '../../kit/forms/schema-form';
import { useAdd${n.pascal}Mutation, useChange${n.pascal}Mutation } from './${n.name}.api';

/** Adds an entry, or changes \`entry\`: the common schema checks it, the server's errors land on their fields. */
export function ${n.pascal}Dialog({ entry, onClose }: { entry: ${n.pascal} | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [add] = useAdd${n.pascal}Mutation();
  const [change] = useChange${n.pascal}Mutation();
  const { form, submit, alert } = useSchemaForm<${n.pascal}Input, typeof create${n.pascal}Schema>({
    schema: create${n.pascal}Schema,
    defaultValues: { name: entry?.name ?? '', note: entry?.note ?? '' },
    send: async (body) => {
      await (entry ? change({ id: entry.id, body }) : add(body)).unwrap();
      onClose();
    },
    fallback: t('${n.camel}.failed'),
  });
  const title = entry ? t('${n.camel}.change') : t('${n.camel}.add');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="${n.name}-dialog-title">
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          <DialogTitle id="${n.name}-dialog-title">{title}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <FormAlert text={alert} />
              <RhfTextField<${n.pascal}Input> name="name" label={t('${n.camel}.field.name')} required autoFocus />
              <RhfTextField<${n.pascal}Input> name="note" label={t('${n.camel}.field.note')} multiline minRows={2} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('${n.camel}.cancel')}</Button>
            <SubmitButton type="submit">{t('${n.camel}.save')}</SubmitButton>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}
`;

const EN = {
  add: 'Add entry',
  change: 'Change entry',
  save: 'Save',
  cancel: 'Cancel',
  failed: 'Could not save the entry. Please try again.',
  empty: 'No entries yet. Add the first one.',
  emptyReader: 'No entries yet.',
  field: { name: 'Name', note: 'Note' },
  messages: {
    created: '{{title}}: entry added',
    updated: '{{title}}: entry saved',
    notFound: '{{title}}: entry not found',
  },
};
const HI = {
  add: 'प्रविष्टि जोड़ें',
  change: 'प्रविष्टि बदलें',
  save: 'सहेजें',
  cancel: 'रद्द करें',
  failed: 'प्रविष्टि सहेजी नहीं जा सकी। कृपया फिर से प्रयास करें।',
  empty: 'अभी कोई प्रविष्टि नहीं है। पहली प्रविष्टि जोड़ें।',
  emptyReader: 'अभी कोई प्रविष्टि नहीं है।',
  field: { name: 'नाम', note: 'टिप्पणी' },
  messages: {
    created: '{{title}}: प्रविष्टि जोड़ी गई',
    updated: '{{title}}: प्रविष्टि सहेजी गई',
    notFound: '{{title}}: प्रविष्टि नहीं मिली',
  },
};
const MR = {
  add: 'नोंद जोडा',
  change: 'नोंद बदला',
  save: 'जतन करा',
  cancel: 'रद्द करा',
  failed: 'नोंद जतन करता आली नाही. कृपया पुन्हा प्रयत्न करा.',
  empty: 'अद्याप एकही नोंद नाही. पहिली नोंद जोडा.',
  emptyReader: 'अद्याप एकही नोंद नाही.',
  field: { name: 'नाव', note: 'टीप' },
  messages: {
    created: '{{title}}: नोंद जोडली',
    updated: '{{title}}: नोंद जतन केली',
    notFound: '{{title}}: नोंद सापडली नाही',
  },
};

/** A language's strings, the module's title written in. */
const strings = (n, texts) => {
  const title = texts === EN ? n.title : texts === HI ? n.hi : n.mr;
  const messages = Object.fromEntries(
    Object.entries(texts.messages).map(([key, text]) => [key, text.replace('{{title}}', title)]),
  );
  return `${JSON.stringify({ title, ...texts, messages }, null, 2)}\n`;
};

const journey = (n) => `import { expect, test } from './fixtures';
import { main, signIn } from './helpers';

test('${n.title}: the admin opens it from the sidebar, adds an entry and changes it, on desktop and at 390 px', async ({
  page,
}) => {
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await page.getByRole('navigation').getByRole('link', { name: '${n.title}' }).click();
  await expect(page).toHaveURL(/\\/${n.name}$/);
  await expect(main(page).getByText('No entries yet. Add the first one.')).toBeVisible();

  await main(page).getByRole('button', { name: 'Add entry' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add entry' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Name').fill('First entry');
  await dialog.getByLabel('Note').fill('Shelf 2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = main(page).getByRole('row', { name: /First entry/ });
  await expect(row).toContainText('Shelf 2');

  await row.getByText('First entry').click();
  const change = page.getByRole('dialog', { name: 'Change entry' });
  await change.getByLabel('Note').fill('Shelf 3');
  await change.getByRole('button', { name: 'Save' }).click();
  await expect(change).toBeHidden();
  await expect(row).toContainText('Shelf 3');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(main(page).getByRole('row', { name: /First entry/ })).toBeVisible();
  await page.screenshot({ path: '/tmp/${n.name}-390.png', fullPage: true });
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
