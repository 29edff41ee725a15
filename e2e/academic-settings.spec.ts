import { expect, test } from './fixtures';
import { apiAs, main, signIn } from './helpers';

const SHOT = (name: string) => `/tmp/academic-settings-${name}.png`;

test("the office sets attendance's edit window on a phone; teachers' screens follow it", {
  tag: '@soak',
}, async ({ page }) => {
  // The admin, on a 390 px phone: Attendance › Settings shows the default window of 3 days.
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await page.goto('/attendance');
  await main(page).getByRole('tab', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/tab=settings/);
  const form = main(page).getByRole('form', { name: 'Edit window' });
  const days = form.getByLabel('Days teachers may still change a day');
  await expect(days).toHaveValue('3');
  await expect(form.getByText('A day can be changed until 3 days after it')).toBeVisible();

  // More than 60 days is refused by the shared schema before anything is sent.
  await days.fill('61');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByText('Enter a whole number of days from 0 to 60')).toBeVisible();
  await page.screenshot({ path: SHOT('refused-390'), fullPage: true });
  await days.fill('7');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Attendance settings saved')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: SHOT('saved-390'), fullPage: true });

  // It is kept: a fresh load shows 7, and teachers read the same window.
  await page.reload();
  await expect(main(page).getByLabel('Days teachers may still change a day')).toHaveValue('7');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: SHOT('desktop'), fullPage: true });
  const teacher = await apiAs('localhost', 'teacher@schooliko.dev', 'teacher');
  expect((await (await teacher.get('/api/attendance/settings')).json()).data).toEqual({
    edit_window_days: 7,
  });
  await teacher.dispose();

  // Back to the default, for the journeys that follow.
  const admin = await apiAs('localhost', 'admin@schooliko.dev', 'admin');
  expect((await admin.put('/api/attendance/settings', { data: { edit_window_days: 3 } })).status()).toBe(200);
  await admin.dispose();
});

test('the exam cell adds its own grading scale and changes a band', { tag: '@soak' }, async ({ page }) => {
  const name = `Primary 5-point ${Date.now() % 100_000}`;
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await page.goto('/exams');
  await main(page).getByRole('tab', { name: 'Grading scales' }).click();
  await main(page).getByRole('button', { name: 'New scale' }).click();
  const dialog = page.getByRole('dialog', { name: 'New grading scale' });
  // It starts from CBSE's nine bands: keep five.
  await dialog.getByLabel('Scale name').fill(name);
  for (const grade of ['E2', 'E1', 'C2', 'B2'])
    await dialog.getByRole('button', { name: `Remove band ${grade}` }).click();
  const band = (n: number) => dialog.getByRole('listitem', { name: `Band ${n}` });
  // A1 91–100, A2 81–90, B1 71–80, C1 51–60, D 33–40: the gaps are refused, naming a percentage.
  await dialog.getByRole('button', { name: 'Save scale' }).click();
  await expect(
    dialog.getByText('Every percentage from 0 to 100 must fall in exactly one band (check 0)'),
  ).toBeVisible();
  await band(4).getByLabel('From %').fill('41');
  await band(4).getByLabel('To %').fill('70');
  await band(5).getByLabel('From %').fill('0');
  await band(5).getByLabel('Grade', { exact: true }).fill('c1');
  await page.screenshot({ path: SHOT('scale-dialog') });
  await dialog.getByRole('button', { name: 'Save scale' }).click();
  await expect(dialog.getByText('Each grade of a scale needs its own name')).toBeVisible();
  await band(5).getByLabel('Grade', { exact: true }).fill('D');
  await dialog.getByRole('button', { name: 'Save scale' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Grading scale saved')).toBeVisible();
  const saved = main(page).getByRole('region', { name });
  await expect(saved.getByText('D 0–40 · Fair')).toBeVisible();

  // CBSE's scale grades the demo's published exam: its bands are shown but cannot change.
  await main(page)
    .getByRole('region', { name: 'CBSE 9-point' })
    .getByRole('button', { name: 'Edit' })
    .click();
  const fixed = page.getByRole('dialog', { name: 'Edit CBSE 9-point' });
  await expect(fixed.getByText(/This scale grades published results/)).toBeVisible();
  await expect(fixed.getByRole('listitem', { name: 'Band 1' }).getByLabel('From %')).toBeDisabled();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: SHOT('fixed-390') });
  await fixed.getByRole('button', { name: 'Cancel' }).click();
  await page.screenshot({ path: SHOT('scales-390'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
