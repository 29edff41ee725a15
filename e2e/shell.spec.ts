import { expect, type Locator, test } from './fixtures';
import { apiAs, main, PASSWORD, signIn, submitSignIn } from './helpers';

const SHOTS = '/tmp/shell';

const widthOf = async (locator: Locator) => (await locator.boundingBox())?.width ?? -1;

test('admin: the sidebar collapses to 35 and expands to 180, closing open groups; the language switches', async ({
  page,
}) => {
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Ananya Iyer' })).toBeVisible();
  await expect(page.getByTestId('role-chip')).toHaveText('Admin');
  await expect(page.getByText('Session 2026-27')).toBeVisible();

  // The one navigation landmark (its name changes with the language).
  const nav = page.getByRole('navigation');
  await expect(nav).toHaveAccessibleName('Main navigation');
  await expect.poll(() => widthOf(nav)).toBe(180);
  const footer = page.locator('footer');
  await expect.poll(async () => (await footer.boundingBox())?.x).toBe(180);

  // Screens that exist are links; the rest say they are not enabled yet.
  await expect(nav.getByRole('link', { name: 'School-Admin' })).toHaveAttribute('href', '/admin');
  // Supervision's screens are not built yet: its entries show, disabled, with the reason.
  const supervision = nav.getByRole('button', { name: 'Supervision' });
  await expect(supervision).toHaveAttribute('aria-expanded', 'false');
  await supervision.click();
  await expect(supervision).toHaveAttribute('aria-expanded', 'true');
  const hostel = nav.getByRole('button', { name: 'Hostel' });
  await expect(hostel).toHaveAttribute('aria-disabled', 'true');
  await hostel.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Not yet enabled for your institute');
  await page.mouse.move(900, 500);
  await page.screenshot({ path: `${SHOTS}-expanded.png` });

  // Collapsing closes every group; expanding does not reopen them.
  await nav.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect.poll(() => widthOf(nav)).toBe(35);
  await expect.poll(async () => (await footer.boundingBox())?.x).toBe(35);
  await expect(hostel).toHaveCount(0);
  await expect(nav.getByText('Reception')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}-collapsed.png` });
  await page.reload();
  await expect.poll(() => widthOf(nav)).toBe(35);
  await nav.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect.poll(() => widthOf(nav)).toBe(180);
  await expect(nav.getByRole('button', { name: 'Reception' })).toHaveAttribute('aria-expanded', 'false');
  await expect(hostel).toHaveCount(0);

  // The language menu switches the whole shell to Hindi and back.
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
  await expect(nav.getByText('शाखाएँ')).toBeVisible();
  await expect(page.getByText('सत्र 2026-27')).toBeVisible();
  await expect(page.getByTestId('role-chip')).toHaveText('प्रशासक');
  await page.screenshot({ path: `${SHOTS}-hindi.png` });
  await page.getByRole('button', { name: 'भाषा' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(nav.getByText('Branches')).toBeVisible();
  await expect(page.getByText('Session 2026-27')).toBeVisible();

  // Quick create: the screens do not exist yet, and the menu says so.
  await page.getByRole('button', { name: 'Quick create' }).click();
  const admission = page.getByRole('menuitem', { name: /Admission/ });
  await expect(admission).toHaveAttribute('aria-disabled', 'true');
  await expect(admission).toContainText('Not yet enabled for your institute');
  await page.keyboard.press('Escape');

  // An address with no screen stays inside the shell (it used to show the public landing page).
  await page.goto('/voucher');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not yet enabled for your institute');
  await expect(main(page)).toContainText('/voucher is a screen your institute has not enabled yet.');
  await expect(nav).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await page.screenshot({ path: `${SHOTS}-not-found.png` });
  await main(page).getByRole('link', { name: 'Go to my home page' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test("a page whose code does not load says so and reloads, instead of the router's developer page", {
  tag: '@soak',
}, async ({ page }) => {
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  // As after a new version replaced the chunks a tab had not loaded yet.
  await page.route(/\/assets\/unknown-address-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}-route-error.png` });
  await page.unroute(/\/assets\/unknown-address-[^/]*\.js$/);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

test('teacher with a parent role: empty notification panel, then Switch Role to parent', {
  tag: '@soak',
}, async ({ page }) => {
  await signIn(page, 'teacher@schooliko.dev', 'Teacher');
  await expect(page).toHaveURL(/\/teacher$/);
  await expect(page.getByTestId('role-chip')).toHaveText('Teacher');
  await expect(page.getByRole('heading', { name: 'Welcome, Priya' })).toBeVisible();
  await expect(page.getByText('teacher@schooliko.dev')).toBeVisible();

  await page.getByRole('button', { name: 'Notifications' }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('No notifications yet')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}-panel.png` });
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();

  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Priya Deshpande')).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Profile Settings' })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Parent' }).click();
  await expect(page).toHaveURL(/\/parent$/);
  await expect(page.getByTestId('role-chip')).toHaveText('Parent');
  await expect(page.getByText('You are now working as Parent.')).toBeVisible();
  // The new role's token is the one in use: the page still loads its data after a reload.
  await page.reload();
  await expect(page.getByTestId('role-chip')).toHaveText('Parent');
  await expect(page).toHaveURL(/\/parent$/);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto('/parent');
  await expect(page).toHaveURL(/\/signin$/);
});

test('admin: a new sign-up request arrives live, and Approve in the panel answers it', {
  tag: '@soak',
}, async ({ page }) => {
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  // The seed and earlier journeys may already hold requests for this admin: count them first.
  const admin = await apiAs('localhost', 'admin@schooliko.dev', 'admin');
  const counted = await admin.get('/api/notifications/unreadCount');
  const unreadBefore = ((await counted.json()) as { data: { unreadCount: number } }).data.unreadCount;
  await admin.dispose();
  await page.goto('/admin');
  await expect(page.getByTestId('role-chip')).toHaveText('Admin');
  const bell = page.getByRole('button', { name: /^Notifications/ });

  // Someone signs up as a teacher: the admin's open page hears of it through the stream.
  const branding = await page.request.post('/api/institutes/basic-data', { data: { domain: 'localhost' } });
  const instituteId = ((await branding.json()) as { data: { institute_id: string } }).data.institute_id;
  const signUp = await page.request.post('/api/auth/signUp', {
    data: {
      first_name: 'Meera',
      last_name: 'Joshi',
      email: 'meera.joshi@example.com',
      mobile: '9876512345',
      password: PASSWORD,
      confirm_password: PASSWORD,
      role: 'teacher',
      institute_id: instituteId,
    },
  });
  expect(signUp.ok()).toBe(true);
  await expect(page.getByRole('alert').filter({ hasText: 'New sign-up request' })).toBeVisible();
  await expect(bell).toHaveAccessibleName(`Notifications (${unreadBefore + 1} unread)`);

  // Earlier journeys may have left read notifications too: the list's total counts those.
  const listed = page.waitForResponse((r) => /\/api\/notifications\?/.test(r.url()) && r.ok());
  await bell.click();
  const totalAfterFirst = ((await (await listed).json()) as { data: { pagination: { total: number } } }).data
    .pagination.total;
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const item = panel.getByTestId('notification-item').filter({ hasText: 'meera.joshi@example.com' });
  await expect(item.getByText('New', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: 'Approve' }).click();
  const approvedToast = page.getByRole('alert').filter({ hasText: /approved/i });
  await expect(approvedToast).toBeVisible();
  await expect(item.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(item.getByText('New', { exact: true })).toHaveCount(0);
  // The item says what happened, who did it and when; the toast leaves the panel's header free.
  await expect(item.getByText('Approved', { exact: true })).toBeVisible();
  await expect(
    item.getByText(/^Approved by Ananya Iyer on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m$/),
  ).toBeVisible();
  const markAll = await panel.getByRole('button', { name: 'Mark all as read' }).boundingBox();
  const toastBox = await approvedToast.boundingBox();
  expect(markAll && toastBox).toBeTruthy();
  if (markAll && toastBox) expect(toastBox.y).toBeGreaterThan(markAll.y + markAll.height);
  await page.screenshot({ path: `${SHOTS}-approved.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}-approved-390.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
  await panel.getByRole('button', { name: 'Close' }).click();

  // Twelve more requests (four people asking for three roles each): pages of 10, then Load More.
  for (const n of [1, 2, 3, 4]) {
    const more = await page.request.post('/api/auth/signUp', {
      data: {
        first_name: 'Applicant',
        last_name: `Number${n}`,
        email: `applicant${n}@example.com`,
        mobile: `98765000${n}0`,
        password: PASSWORD,
        confirm_password: PASSWORD,
        role: 'teacher',
        roles: ['teacher', 'student', 'parent'],
        institute_id: instituteId,
      },
    });
    expect(more.ok()).toBe(true);
  }
  await expect(bell).toHaveAccessibleName(`Notifications (${unreadBefore + 12} unread)`);
  await bell.click();
  const items = panel.getByTestId('notification-item');
  await expect(items).toHaveCount(10);
  await expect(items.first().getByRole('button', { name: 'Approve' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-panel-items.png` });
  // Earlier journeys leave the admin more than one further page: Load More until the list is whole.
  const total = totalAfterFirst + 12;
  const loadMore = panel.getByRole('button', { name: 'Load More' });
  for (let shown = 10; shown < total; shown += 10) {
    await loadMore.click();
    await expect(items).toHaveCount(Math.min(shown + 10, total));
  }
  await expect(loadMore).toHaveCount(0);
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(panel.getByText('New', { exact: true })).toHaveCount(0);
  await expect(items).toHaveCount(totalAfterFirst + 12);
});

test('phone: no icon rail; the menu button opens the navigation over the page, which closes after a choice, a tap beside it or Escape', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const menu = page.getByRole('button', { name: 'Open menu' });
  const pageLeft = async () => (await page.getByRole('main').boundingBox())?.x;
  // The page starts at the left edge: no 35 px rail on a phone (issue 32, 14).
  await expect(nav).toBeHidden();
  await expect.poll(pageLeft).toBe(0);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await page.screenshot({ path: `${SHOTS}-phone-closed.png` });

  await menu.click();
  await expect(nav).toBeVisible();
  await expect.poll(() => widthOf(nav)).toBe(180);
  // A modal drawer: the page and the top bar behind it are out of reach of screen readers meanwhile.
  await expect(page.getByRole('main')).toHaveCount(0);
  await expect(page.locator('button[aria-label="Open menu"]')).toHaveAttribute('aria-expanded', 'true');
  expect((await page.locator('main').boundingBox())?.x).toBe(0);
  await page.screenshot({ path: `${SHOTS}-phone-open.png` });
  await nav.getByRole('link', { name: 'School-Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(nav).toBeHidden();
  await expect.poll(pageLeft).toBe(0);
  // On a phone the footer follows the page instead of taking 45 px of every screen (issue 32, 14).
  const footer = page.locator('footer');
  await expect(footer).toContainText('All rights reserved');
  expect(await footer.evaluate((el) => getComputedStyle(el).position)).toBe('static');
  expect((await footer.boundingBox())?.x).toBe(0);

  await menu.click();
  await expect(nav).toBeVisible();
  await page.mouse.click(300, 500);
  await expect(nav).toBeHidden();
  await menu.click();
  await expect(nav).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
});

test('a desktop window narrowed below md collapses the drawer; widening it brings back the saved choice', {
  tag: '@soak',
}, async ({ page }) => {
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect.poll(() => widthOf(nav)).toBe(180);

  // A phone's width: no rail at all, the page from the left edge, and nothing lies over it.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(nav).toBeHidden();
  await expect.poll(async () => (await page.getByRole('main').boundingBox())?.x).toBe(0);
  await page.screenshot({ path: `${SHOTS}-narrowed-390.png` });
  await page.getByRole('heading', { name: 'Admin Dashboard' }).click();

  // Wide again: the expanded drawer the admin left.
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect.poll(() => widthOf(nav)).toBe(180);

  // A tablet (below md) opens with the drawer collapsed too, though the saved choice is expanded.
  await page.setViewportSize({ width: 800, height: 1000 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect.poll(() => widthOf(nav)).toBe(35);
  await expect.poll(async () => (await page.getByRole('main').boundingBox())?.x).toBe(35);
});

test("the sign-in page does not load the signed-in app's routes; a screen opened by its address, or reloaded, shows at once", {
  tag: '@soak',
}, async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  const routeTable = (path: string) => /\/app-routes-[\w-]+\.js$/.test(path);
  await page.goto('/signin');
  await expect(main(page).getByRole('heading', { name: 'Sign In', exact: true })).toBeVisible();
  // The sign-in page has not asked for the signed-in route table; landing on the dashboard does.
  expect(scripts.filter(routeTable)).toEqual([]);
  await submitSignIn(page, 'admin@schooliko.dev', 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  expect(scripts.filter(routeTable)).toHaveLength(1);

  // An address typed in, and a reload of it, reach the screen (not the landing page).
  await page.goto('/attendance');
  await expect(page.getByRole('heading', { name: 'Attendance', level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Attendance', level: 1 })).toBeVisible();
  await page.goto('/student');
  await main(page).getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/student\/[0-9a-f-]{36}$/);
  const record = page.url();
  await expect(main(page).getByRole('heading', { level: 1 })).not.toHaveText('Students');
  const name = await main(page).getByRole('heading', { level: 1 }).textContent();
  expect(name).toMatch(/\w+ \w+/);
  await page.reload();
  await expect(page).toHaveURL(record);
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(name ?? '');
  // An unknown address, signed in, says so inside the shell (issue 32; it went to the landing page).
  await page.goto('/no-such-screen');
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page).toHaveURL(/\/no-such-screen$/);
  expect(problems.filter((p) => /route|HydrateFallback/i.test(p))).toEqual([]);
});
