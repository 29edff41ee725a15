import type { Branch } from '../common/src/people/branches';
import { type APIRequestContext, expect, type Locator, type Page, request, test } from './fixtures';
import { approveSignUp, main, originFor, PASSWORD, signIn, signUp, submitSignIn } from './helpers';

const SHOTS = '/tmp/branches';
const stamp = Date.now();
const DIRECTOR = 'director@schooliko.dev';
const GROUP = 'Schooliko Demo Schools';
const DEV = 'Schooliko Development Institute';
const NEW_BRANCH = `Schooliko Demo Branch ${stamp}`;

const number = new Intl.NumberFormat('en-IN');

/** The demo director's API, signed in as the web app is (a bearer token). */
async function directorApi(): Promise<{ api: APIRequestContext; get: <T>(url: string) => Promise<T> }> {
  const api = await request.newContext({ baseURL: originFor('localhost') });
  const signedIn = await api.post('/api/auth/signin', {
    data: { email: DIRECTOR, password: PASSWORD, role: 'director' },
  });
  expect(signedIn.status()).toBe(200);
  const { accessToken } = ((await signedIn.json()) as { data: { tokens: { accessToken: string } } }).data
    .tokens;
  const headers = { authorization: `Bearer ${accessToken}` };
  return {
    api,
    get: async <T>(url: string) => {
      const res = await api.get(url, { headers });
      expect(res.status(), url).toBe(200);
      return ((await res.json()) as { data: T }).data;
    },
  };
}

/** The value under a figure's label in a card (its <dt>/<dd> pair). */
function figure(card: Locator, label: string): Locator {
  return card
    .locator('dl > div')
    .filter({ has: card.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
}

/** Every figure of one branch's card, exactly as GET /api/branches gives it. */
async function expectCard(page: Page, b: Branch) {
  const card = main(page).getByRole('region', { name: b.name, exact: true });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`${b.code} · ${b.domain}`);
  await expect(card).toContainText(b.session ? `Session ${b.session}` : 'No current session set');
  const labels = {
    Students: b.students,
    Staff: b.staff,
    Sections: b.sections,
    Teachers: b.teachers,
    Classes: b.classes,
    Girls: b.girls,
    Boys: b.boys,
    RTE: b.rte,
    Parents: b.guardians,
  };
  for (const [label, value] of Object.entries(labels))
    await expect(figure(card, label), `${b.name}: ${label}`).toHaveText(number.format(value));
  if (b.seats > 0) {
    const filled = Math.round((b.students / b.seats) * 100);
    await expect(card).toContainText(
      `${number.format(b.students)} of ${number.format(b.seats)} seats (${number.format(filled)}%)`,
    );
  } else await expect(card).toContainText('No sections set up for this session yet');
  await expect(card.getByText('This institute', { exact: true })).toHaveCount(b.is_current ? 1 : 0);
}

const tile = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Quick Actions' }).getByRole('link', { name: new RegExp(name) });

test('the director dashboard tiles lead to Add School, the school lists, the group view and the group form', {
  tag: '@soak',
}, async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, DIRECTOR, 'Director');
  await expect(page).toHaveURL(/\/director\/dashboard$/);

  await test.step('Add New Branch opens the new-institute form, which makes a branch of the group', async () => {
    await tile(page, 'Add New Branch').click();
    await expect(page).toHaveURL(/\/add-school$/);
    await expect(main(page).getByRole('heading', { name: 'Add Institute', level: 1 })).toBeVisible();
    await expect(main(page).getByText('Create your group first')).toHaveCount(0);
    await main(page)
      .getByRole('textbox', { name: /^Institute name/ })
      .fill(NEW_BRANCH);
    await main(page).getByRole('button', { name: 'Create Institute' }).click();
    await expect(main(page).getByText(`${NEW_BRANCH} is ready`)).toBeVisible();
  });

  await test.step('Manage Branches opens the school lists of the group', async () => {
    await page.goto('/director/dashboard');
    await tile(page, 'Manage Branches').click();
    await expect(page).toHaveURL(/\/school-lists$/);
    await expect(main(page).getByRole('heading', { name: 'School lists' })).toBeVisible();
    await expect(main(page).getByText(`Institutes of ${GROUP}`)).toBeVisible();
    await expect(main(page).getByLabel(DEV, { exact: true })).toBeVisible();
    await expect(main(page).getByLabel(NEW_BRANCH, { exact: true })).toBeVisible();
  });

  await test.step('Group Settings opens the group form', async () => {
    await page.goto('/director/dashboard');
    await tile(page, 'Group Settings').click();
    await expect(page).toHaveURL(/\/director\/edit-group$/);
    await expect(main(page).getByLabel('Group Name')).toHaveValue(GROUP);
  });

  await test.step('Group Dashboard shows every branch side by side with its figures', async () => {
    await page.goto('/director/dashboard');
    await tile(page, 'Group Dashboard').click();
    await expect(page).toHaveURL(/\/director\/group$/);
    await expect(main(page).getByRole('heading', { name: 'Group Dashboard', level: 1 })).toBeVisible();
    await expect(main(page).getByText(`${GROUP}: every branch side by side`)).toBeVisible();

    const { api, get } = await directorApi();
    try {
      const branches = await get<{ group: { name: string }; items: Branch[] }>('/api/branches');
      expect(branches.group.name).toBe(GROUP);
      expect(branches.items.map((b) => b.name)).toEqual(expect.arrayContaining([DEV, NEW_BRANCH]));
      const dev = branches.items.find((b) => b.name === DEV);
      if (!dev) throw new Error('no development institute');

      // The seeded school's figures, counted again through its own lists: pupils on the rolls,
      // active staff, and this session's sections and their seats.
      type Page = { pagination: { total: number } };
      const onRolls = await Promise.all(
        ['enrolled', 'promoted', 'detained'].map((s) => get<Page>(`/api/students?status=${s}&limit=1`)),
      );
      const active = await get<Page>('/api/staff?status=active&limit=1');
      const teaching = await get<Page>('/api/staff?status=active&kind=teaching&limit=1');
      const sections = await get<{ items: { class_id: string; capacity: number }[] }>('/api/sections');
      expect(dev.students).toBeGreaterThan(1000);
      expect(dev.students).toBe(onRolls.reduce((n, p) => n + p.pagination.total, 0));
      expect(dev.staff).toBe(active.pagination.total);
      expect(dev.teachers).toBe(teaching.pagination.total);
      expect(dev.sections).toBe(sections.items.length);
      expect(dev.classes).toBe(new Set(sections.items.map((s) => s.class_id)).size);
      expect(dev.seats).toBe(sections.items.reduce((n, s) => n + s.capacity, 0));
      expect(dev.girls + dev.boys).toBeLessThanOrEqual(dev.students);
      expect(dev.session).toMatch(/^\d{4}-\d{2}$/);

      // The new branch has nobody on its rolls yet.
      expect(branches.items.find((b) => b.name === NEW_BRANCH)).toMatchObject({
        students: 0,
        staff: 0,
        sections: 0,
        seats: 0,
        session: null,
      });

      for (const b of branches.items) await expectCard(page, b);
      const totals = main(page).getByRole('region', { name: 'Group totals' });
      const sum = (f: 'students' | 'staff' | 'sections') => branches.items.reduce((n, b) => n + b[f], 0);
      await expect(figure(totals, 'Branches')).toHaveText(String(branches.items.length));
      await expect(figure(totals, 'Students')).toHaveText(number.format(sum('students')));
      await expect(figure(totals, 'Staff')).toHaveText(number.format(sum('staff')));
      await expect(figure(totals, 'Sections')).toHaveText(number.format(sum('sections')));
      // This institute comes first.
      await expect(main(page).getByTestId('branch-card').first()).toContainText(DEV);
    } finally {
      await api.dispose();
    }

    // Side by side at desktop width: the first two cards share a row.
    const cards = main(page).getByTestId('branch-card');
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(first && second && Math.abs(first.y - second.y) < 2 && second.x > first.x).toBe(true);
    await page.screenshot({ path: `${SHOTS}-group-desktop.png`, fullPage: true });

    await main(page).getByRole('link', { name: 'Add another branch' }).click();
    await expect(page).toHaveURL(/\/add-school$/);
  });
});

test('the group view at 390 px: the tiles lead there, cards stack and nothing overflows', {
  tag: '@soak',
}, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DIRECTOR, 'Director');
  await expect(page).toHaveURL(/\/director\/dashboard$/);
  await tile(page, 'Group Dashboard').click();
  await expect(page).toHaveURL(/\/director\/group$/);
  const cards = main(page).getByTestId('branch-card');
  await expect(cards.first()).toBeVisible();
  await expect(figure(cards.first(), 'Students')).toHaveText(/^\d[\d,]*$/);
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(1);
  if (count > 1) {
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(first && second && second.y >= first.y + first.height && Math.abs(second.x - first.x) < 2).toBe(
      true,
    );
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}-group-390.png`, fullPage: true });

  for (const [name, url] of [
    ['Manage Branches', /\/school-lists$/],
    ['Group Settings', /\/director\/edit-group$/],
    ['Add New Branch', /\/add-school$/],
  ] as const) {
    await page.goto('/director/dashboard');
    await tile(page, name).click();
    await expect(page).toHaveURL(url);
  }
});

test('a director without a group is asked to create it first', { tag: '@soak' }, async ({ browser }) => {
  const context = await browser.newContext({ baseURL: originFor('greenvalley.localhost') });
  const page = await context.newPage();
  const email = `e2e-nogroup-${stamp}@example.com`;
  await signUp(page, { first: 'Asha', last: 'Pawar', email, role: 'Director' });
  await expect(page).toHaveURL(/\/signin$/);
  await approveSignUp('greenvalley.localhost', email, 'director');
  await submitSignIn(page, email, 'Director');
  await expect(page).toHaveURL(/\/director\/dashboard$/);
  // Each step promises what its page holds: the builder publishes the site, and Update Profile
  // now edits the name, logo and branding as well as the address and public contacts.
  const steps = page.getByRole('dialog', { name: 'Get Started' });
  await expect(steps).toContainText('Publish your website, with your name, logo and banner.');
  await expect(steps).toContainText(
    "Set your institute's name, logo and branding, address and public contacts.",
  );
  await steps.getByRole('button', { name: 'Close' }).click();

  // The spec's warning, and under it one call to action: create a group, or find one to join.
  const warning = main(page).getByRole('alert').filter({ hasText: 'No group ID found in director data.' });
  await expect(warning).toContainText('No group ID found in director data. Please contact administrator.');
  await expect(main(page).getByRole('link', { name: /Group$/ })).toHaveCount(1);
  await expect(warning.getByRole('link', { name: 'Create Group' })).toHaveAttribute(
    'href',
    '/director/create-group',
  );
  await expect(main(page).getByRole('link', { name: 'New Group' })).toHaveCount(0);
  await expect(main(page).getByRole('link', { name: 'Add Group' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/branches-no-group.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/branches-no-group-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await warning.getByRole('button', { name: 'Find a group to join' }).click();
  const started = page.getByRole('dialog', { name: 'Get Started' });
  await expect(started.getByRole('button', { name: 'Find Group' })).toBeVisible();
  await started.getByRole('button', { name: 'Close' }).click();

  await tile(page, 'Add New Branch').click();
  await expect(page).toHaveURL(/\/add-school$/);
  const alert = main(page).getByRole('alert');
  await expect(alert).toContainText('Create your group first');
  await expect(alert).toContainText('you do not have one yet');
  await expect(main(page).getByRole('button', { name: 'Create Institute' })).toHaveCount(0);
  await alert.getByRole('link', { name: 'Create Group' }).click();
  await expect(page).toHaveURL(/\/director\/create-group$/);

  await page.goto('/director/group');
  await expect(main(page).getByRole('alert')).toContainText('Your institute is not part of a group yet.');
  await expect(main(page).getByRole('alert').getByRole('link', { name: 'Create Group' })).toHaveAttribute(
    'href',
    '/director/create-group',
  );
  await context.close();
});
