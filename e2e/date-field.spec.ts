import { expect, test } from './fixtures';
import { main, pick, signIn } from './helpers';

const SHOTS = '/tmp/date-field';
const stamp = Date.now().toString().slice(-6);

// An en-US browser, whose own date box showed mm/dd/yyyy (issue 32, item 13).
test.use({ locale: 'en-US' });

test('on a phone a date is typed as dd/mm/yyyy or picked from the calendar and a time as hh:mm, whatever the browser says; a wrong one is told', {
  tag: '@soak',
}, async ({ page }) => {
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/student/new');
  await main(page).getByLabel('Admission no.').fill(`DT/${stamp}`);
  await main(page).getByLabel('First name').fill('Ishaan');
  await main(page).getByLabel('Last name').fill('Patil');
  await pick(page, 'Gender', 'Male');
  const dob = main(page).getByLabel('Date of birth');
  await expect(dob).toHaveAttribute('placeholder', 'dd/mm/yyyy');

  // The American order is no day here: the field says how to write it once the clerk leaves it.
  await dob.fill('11/26/2015');
  await dob.press('Tab');
  await expect(dob).toHaveAccessibleDescription('Enter the date as dd/mm/yyyy, for example 26/11/2026');
  // Typed as a person writes it, with dots: the error goes and the day reads back with slashes.
  await dob.fill('26.11.2015');
  await expect(dob).toHaveAccessibleDescription('');
  await dob.press('Tab');
  await expect(dob).toHaveValue('26/11/2015');
  await page.screenshot({ path: `${SHOTS}-typed-390.png`, fullPage: true });

  // Or picked from the calendar: it opens on the day in the box; a year and a month away, a tap.
  await main(page).getByRole('button', { name: 'Choose from the calendar' }).click();
  const calendar = page.getByRole('dialog', { name: 'Calendar' });
  await expect(calendar.getByRole('button', { name: /^Thursday, 26 November,? 2015$/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await calendar.getByRole('combobox', { name: 'Year' }).selectOption('2014');
  await calendar.getByRole('combobox', { name: 'Month' }).selectOption('June');
  await page.screenshot({ path: `${SHOTS}-calendar-390.png` });
  const box = await calendar.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
  await calendar.getByRole('button', { name: /^Tuesday, 10 June,? 2014$/ }).click();
  await expect(calendar).toBeHidden();
  await expect(dob).toHaveValue('10/06/2014');

  // The record keeps the day picked.
  await main(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/student\/[0-9a-f-]{36}$/);
  await expect(main(page).getByText('10 Jun 2014')).toBeVisible();

  // A time is hh:mm on the 24-hour clock, not the browser's "09:00 PM"; "9:30 pm" is read too.
  await page.goto('/messages');
  await main(page).getByRole('tab', { name: 'DLT settings' }).click();
  const from = main(page).getByLabel('From', { exact: true });
  await expect(from).toHaveValue('21:00');
  await from.fill('25:00');
  await from.press('Tab');
  await expect(from).toHaveAccessibleDescription('Enter the time as hh:mm, for example 15:30');
  await from.fill('9:30 pm');
  await from.press('Tab');
  await expect(from).toHaveValue('21:30');
  await expect(from).toHaveAccessibleDescription('');
  await page.screenshot({ path: `${SHOTS}-time-390.png`, fullPage: true });

  // A day after today cannot be taken: typed, it is told; in the calendar, it is off.
  await page.goto('/attendance');
  const day = main(page).getByLabel('Date', { exact: true });
  await expect(day).toHaveValue('26/11/2026');
  await day.fill('27/11/2026');
  await day.press('Tab');
  await expect(day).toHaveAccessibleDescription('The date must be on or before 26/11/2026');
  await main(page).getByRole('button', { name: 'Choose from the calendar' }).click();
  await expect(calendar.getByRole('button', { name: /^Friday, 27 November,? 2026$/ })).toBeDisabled();
  await calendar.getByRole('button', { name: /^Tuesday, 24 November,? 2026$/ }).click();
  await expect(day).toHaveValue('24/11/2026');
  await expect(day).toHaveAccessibleDescription('');

  // In Hindi the calendar names its months and days in Hindi.
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
  await main(page).getByRole('button', { name: 'कैलेंडर से चुनें' }).click();
  const hindi = page.getByRole('dialog', { name: 'कैलेंडर' });
  await expect(hindi.getByRole('combobox', { name: 'महीना' }).locator('option:checked')).toHaveText('नवंबर');
  await expect(hindi.getByRole('button', { name: /^मंगलवार, 24 नवंबर 2026$/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.screenshot({ path: `${SHOTS}-calendar-hi-390.png` });
});
