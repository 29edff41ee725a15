import { roleHome } from '../common/src/auth';
import { expect, type Page, test } from './fixtures';
import { main as form, signIn } from './helpers';

/** The API calls a page makes while it loads. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the sign-in page already shows the institute's hero on its cover", async ({ page }) => {
    await page.goto('/signin');
    await expect(page).toHaveTitle('Schooliko Development Institute');
    const hero = page.locator('#boot-shell section');
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText('Schooliko Development Institute');
    await expect(hero.getByText('Learning that grows with every child')).toBeVisible();
    await expect(hero.locator('img')).toHaveAttribute('src', '/images/school-logos/logo-1.png');
    expect(await hero.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(
      '/images/covers/dev-cover.jpg',
    );
    await expect(page.locator('link[rel="preload"][as="image"]')).toHaveAttribute(
      'href',
      '/images/covers/dev-cover.jpg',
    );
  });

  test('the public home page shows the institute and its note before the first publish', async ({ page }) => {
    await page.goto('/homepage');
    const shell = page.locator('#boot-shell');
    await expect(shell.getByRole('heading', { level: 1 })).toHaveText('Schooliko Development Institute');
    await expect(shell.getByText('is being prepared')).toBeVisible();
    await expect(shell.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });
});

test('the sign-in page starts from the branding in the page: no basic-data request', async ({ page }) => {
  const calls = apiCalls(page);
  await page.goto('/signin');
  await expect(form(page).getByRole('heading', { level: 2 })).toHaveText('Sign In');
  await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(
    'Schooliko Development Institute',
  );
  await expect(page.getByAltText('Schooliko Development Institute logo')).toBeVisible();
  // React drew its own hero, so the static one is gone; the whole name shows from the start.
  await expect(page.locator('#boot-shell')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).locator('span').nth(1)).toContainText('Schooliko');
  await page.waitForLoadState('networkidle');
  expect(calls.filter((c) => c.includes('/institutes/'))).toEqual([]);
});

test('the public home page starts from the site in the page: no /api/public/site request', async ({
  page,
}) => {
  const calls = apiCalls(page);
  await page.goto('/homepage');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
    'Schooliko Development Institute',
  );
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('#boot-shell')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(calls.filter((c) => c.includes('/public/site') || c.includes('/institutes/'))).toEqual([]);
});

test('a signed-in visitor sent away from /signin does not keep the static hero', async ({ page }) => {
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await page.goto('/signin');
  await expect(page).toHaveURL(roleHome('admin'));
  await expect(page.locator('#boot-shell')).toHaveCount(0);
});
