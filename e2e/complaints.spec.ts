import { type Browser, expect, type Page, test } from './fixtures';
import { main, signIn } from './helpers';

const SHOTS = '/tmp/desk-complaints';

/** A fresh browser (no one signed in) at desktop size. */
async function freshPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
}

test('a POCSO complaint is seen by the committee member and not by another admin', { tag: '@soak' }, async ({
  browser,
}) => {
  // A parent files it from their side.
  let page = await freshPage(browser);
  await signIn(page, 'parent@schooliko.dev', 'Parent');
  await page.goto('/complaints');
  await main(page).getByRole('button', { name: 'New complaint' }).click();
  const form = page.getByRole('dialog', { name: 'New complaint' });
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'POCSO (child protection)' }).click();
  await expect(form.getByText('Only the members of this committee will see this complaint.')).toBeVisible();
  await form.getByLabel('Description').fill('The van attendant on route 4 touched my son inappropriately.');
  await page.screenshot({ path: `${SHOTS}-file.png`, fullPage: true });
  await form.getByRole('button', { name: 'Register complaint' }).click();
  await expect(form).toBeHidden();
  await expect(main(page).getByRole('row', { name: /van attendant on route 4/ })).toBeVisible();

  // The admin (not on the POCSO committee) sees other complaints, never this one.
  page = await freshPage(browser);
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await page.goto('/complaints');
  await expect(main(page).getByRole('row', { name: /school bus on the Kothrud route/ })).toBeVisible();
  await expect(main(page).getByText(/van attendant/)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}-admin.png`, fullPage: true });

  // The teacher on the POCSO committee (the demo seed) sees and handles it.
  page = await freshPage(browser);
  await signIn(page, 'teacher@schooliko.dev', 'Teacher');
  await page.goto('/complaints');
  const row = main(page).getByRole('row', { name: /van attendant on route 4/ });
  await expect(row).toBeVisible();
  await expect(main(page).getByRole('row', { name: /school bus on the Kothrud route/ })).toHaveCount(0);
  await row.click();
  const handle = page.getByRole('dialog', { name: 'POCSO (child protection)' });
  await handle.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'In progress' }).click();
  await handle.getByRole('button', { name: 'Save' }).click();
  await expect(handle).toBeHidden();
  await expect(row).toContainText('In progress');
  await page.screenshot({ path: `${SHOTS}-member.png`, fullPage: true });
  // At 390 px the list keeps the category and the state.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(
    main(page).getByRole('row', { name: /POCSO \(child protection\).*In progress/ }),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-390.png`, fullPage: true });
});
