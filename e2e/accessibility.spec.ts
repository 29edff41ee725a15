import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from './fixtures';
import { main, signIn } from './helpers';

/** WCAG 2.1 A and AA: the level the product promises (DESIGN.md 1, `@axe-core/playwright`). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe's serious and critical findings on the page as it is now, one readable line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('landing page', { tag: '@soak' }, async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schooliko Development Institute');
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('sign-in page, also with its validation messages showing', async ({ page }) => {
  await page.goto('/signin');
  const form = main(page);
  await expect(form.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(form.getByText('Email is required')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('sign-up page', { tag: '@soak' }, async ({ page }) => {
  await page.goto('/signup');
  await expect(main(page).getByRole('button', { name: 'Sign Up' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('signed-in admin dashboard with the shell, then its notification panel', async ({ page }) => {
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  // Live figures, not skeletons, are what the admin reads.
  await expect(page.getByTestId('stat-card').first()).toContainText(/\d/);
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  // Loaded: the list or its empty text, whichever other journeys on this server have left.
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('domain registration, first step', { tag: '@soak' }, async ({ page }) => {
  await page.goto('/domain-registration');
  await expect(page.getByRole('heading', { name: 'Domain Registration' })).toBeVisible();
  await expect(page.getByLabel('BDR ID')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('motion (WCAG 2.3.3)', () => {
  /** How long the Role menu of the sign-in form takes to open, as its list's paper says. */
  async function menuTransition(page: Page) {
    await page.goto('/signin');
    await main(page).getByRole('combobox', { name: 'Role' }).click();
    const paper = page.locator('.MuiMenu-paper');
    await expect(page.getByRole('option', { name: 'Teacher', exact: true })).toBeVisible();
    return paper.evaluate((el) => getComputedStyle(el).transitionDuration);
  }

  test('a menu opens at once for someone who asks for less motion', async ({ page }) => {
    // The journeys' default (playwright.config.ts): reduced motion.
    expect((await menuTransition(page)).split(', ').every((d) => d === '0s')).toBe(true);
  });

  test('and grows open for everyone else', { tag: '@soak' }, async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'no-preference' });
    const page = await context.newPage();
    expect((await menuTransition(page)).split(', ').some((d) => d !== '0s')).toBe(true);
    await context.close();
  });
});
