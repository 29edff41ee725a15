import { expect, type Page, test } from './fixtures';
import { apiAs, drawnPng, main, signIn, watchFor } from './helpers';

const SHOTS = '/tmp/photos';

/** Admin opens the first student a search finds, adds a photo, sees it, removes it. */
async function journey(page: Page, search: string, shots: string) {
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await page.goto('/student');
  await main(page).getByRole('textbox', { name: 'Search' }).fill(search);
  await expect(main(page).getByRole('row').nth(1)).toContainText(search);
  await main(page).getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/student\/[0-9a-f-]{36}$/);
  const documents = main(page).getByRole('tab', { name: 'Documents' });
  await expect(documents).toBeVisible();
  const name = (await main(page).getByRole('heading', { level: 1 }).textContent()) ?? '';
  expect(name).toContain('Patil');
  await documents.click();

  const panel = main(page).getByTestId('photo-panel');
  const avatar = panel.getByTestId('photo-avatar');
  const input = main(page).getByTestId('photo-input');
  await expect(main(page).getByRole('button', { name: 'Add photo' })).toBeVisible();
  await expect(avatar.locator('img')).toHaveCount(0);

  // Checked here first: a text file never leaves the browser.
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(panel.getByRole('alert')).toHaveText('Please select a JPG, PNG or WebP photo');
  await page.screenshot({ path: `${shots}-refused.png`, fullPage: true });

  const sawProgress = await watchFor(page, 'main [role="progressbar"]');
  const [uploaded] = await Promise.all([
    page.waitForResponse((r) => /\/api\/students\/[^/]+\/photo$/.test(r.url())),
    input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await drawnPng(page) }),
  ]);
  await expect(panel.getByRole('alert')).toHaveText('Photo updated');
  expect(await sawProgress()).toBe(true);
  // The photo is private (issue 27): its address answers the signed-in only; the page shows it
  // from memory, fetched with the session's token.
  const photoUrl = ((await uploaded.json()) as { data: { photo_url: string } }).data.photo_url;
  expect(photoUrl).toMatch(/^\/api\/students\/[0-9a-f-]{36}\/photo\/[0-9a-f]{32}\.png$/);
  expect((await page.request.get(photoUrl)).status()).toBe(401);
  const img = avatar.locator('img');
  await expect(img).toHaveAttribute('src', /^blob:/);
  // The stored picture loads (re-encoded, same size), in the panel and in the header.
  await expect(img).toHaveJSProperty('naturalWidth', 120);
  await expect(main(page).getByRole('img', { name: `Photo of ${name}` })).toHaveCount(2);
  await expect(main(page).getByRole('button', { name: 'Change photo' })).toBeVisible();
  await page.screenshot({ path: `${shots}-uploaded.png`, fullPage: true });

  // Removing is asked for first; cancelling keeps the photo.
  await main(page).getByRole('button', { name: 'Remove photo' }).click();
  const dialog = page.getByRole('dialog', { name: `Remove ${name}'s photo?` });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `${shots}-remove-asked.png` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(img).toHaveCount(1);
  await main(page).getByRole('button', { name: 'Remove photo' }).click();
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('alert')).toHaveText('Photo removed');
  await expect(avatar.locator('img')).toHaveCount(0);
  const office = await apiAs('localhost', 'admin@schooliko.dev', 'admin');
  expect((await office.get(photoUrl)).status()).toBe(404);
  await office.dispose();
  await expect(main(page).getByRole('button', { name: 'Add photo' })).toBeVisible();
  await page.screenshot({ path: `${shots}-removed.png`, fullPage: true });

  // Both changes are in the record's history.
  await main(page).getByRole('tab', { name: 'History' }).click();
  await expect(main(page).getByText('Photo removed')).toBeVisible();
  await expect(main(page).getByText('Photo changed')).toBeVisible();
}

test('admin adds a student photo, sees it and removes it', async ({ page }) => {
  await journey(page, 'Arjun Patil', SHOTS);
});

test('the same at 390 px', { tag: '@soak' }, async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await journey(page, 'Patil', `${SHOTS}-390`);
  // Nothing runs off the side of a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.close();
});

test('admin adds a staff photo from the staff record', { tag: '@soak' }, async ({ page }) => {
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await page.goto('/staff');
  await main(page).getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/staff\/[0-9a-f-]{36}$/);
  await main(page)
    .getByTestId('photo-input')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await drawnPng(page) });
  await expect(main(page).getByRole('alert')).toHaveText('Photo updated');
  await expect(main(page).getByTestId('photo-avatar').locator('img')).toHaveJSProperty('naturalWidth', 120);
  await page.screenshot({ path: `${SHOTS}-staff.png`, fullPage: true });
  await main(page).getByRole('button', { name: 'Remove photo' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(main(page).getByRole('alert')).toHaveText('Photo removed');
});
