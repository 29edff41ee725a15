import { expect, test } from './fixtures';
import { originFor } from './helpers';

test('each institute shows its own name, logo and slogan on its own host', async ({ page }) => {
  await page.goto(originFor('localhost'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schooliko Development Institute');
  await expect(page.getByText('Learning that grows with every child')).toBeVisible();
  const devLogo = page.getByAltText('Schooliko Development Institute logo');
  await expect(devLogo).toHaveAttribute('src', '/images/school-logos/logo-1.png');
  await expect.poll(() => devLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page).toHaveTitle('Schooliko Development Institute');
  await page.screenshot({ path: 'test-results/landing-dev.png', fullPage: true });

  await page.goto(originFor('greenvalley.localhost'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Green Valley Public School');
  await expect(page.getByText('Rooted in values, reaching for the sky')).toBeVisible();
  const gvLogo = page.getByAltText('Green Valley Public School logo');
  await expect(gvLogo).toHaveAttribute('src', '/images/school-logos/greenvalley.png');
  await expect.poll(() => gvLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: 'test-results/landing-greenvalley.png', fullPage: true });
});

test('an unknown host sees a clear note and cannot go to sign in', { tag: '@soak' }, async ({ page }) => {
  await page.goto(originFor('nowhere.localhost'));
  await expect(
    page.getByText('No institute is registered for this address yet.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('aria-disabled', 'true');
});

test('unknown paths go to the landing page; /unauthorized offers Sign In and Go Home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/unauthorized');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schooliko Development Institute');
});

test("the role cards show the institute's role pictures, clear of the footer on a laptop and a phone", {
  tag: '@soak',
}, async ({ page }) => {
  const roles = ['admin', 'director', 'principal', 'student', 'parent'];
  const pictures = page.getByRole('main').locator('img[src^="/images/roles/"]');
  const footer = page.locator('footer');
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/');
    await expect(pictures).toHaveCount(5);
    for (const [i, role] of roles.entries()) {
      await expect(pictures.nth(i)).toHaveAttribute('src', `/images/roles/dev/${role}.jpg`);
      await expect
        .poll(() => pictures.nth(i).evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(360);
    }
    // The footer follows the page instead of lying over it.
    expect(await footer.evaluate((el) => getComputedStyle(el).position)).toBe('static');
    const footerTop = (await footer.boundingBox())?.y ?? 0;
    for (const card of await pictures.all()) {
      const box = await card.locator('xpath=..').boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(footerTop);
      // On the laptop's 768 px every card is whole in the first view.
      if (width === 1366) expect(box && box.y + box.height).toBeLessThanOrEqual(height);
    }
    await page.screenshot({ path: `test-results/landing-roles-${width}.png` });
  }
});
