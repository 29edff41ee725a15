import { todayInIndia } from '@schooliko/common/kit/dates';
import { expect, type Page, test } from './fixtures';
import { main, signIn } from './helpers';

const SHOTS = '/tmp/calendar';

async function openCalendar(page: Page) {
  const nav = page.getByRole('navigation');
  const group = nav.getByRole('button', { name: 'Academics', exact: true });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await nav.getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
}

/** Chooses `option` in the dialog's select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const cellOf = (page: Page, day: string) => main(page).locator(`[role="gridcell"][aria-label^="${day}:"]`);

test('the office plans the month; a holiday closes the day until it is cancelled; parents see what is for them', async ({
  page,
}) => {
  const today = todayInIndia();
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await openCalendar(page);
  const form = main(page);
  await expect(form.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();

  // A public event today, for everyone.
  await form.getByRole('button', { name: 'Add event' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill('Inter-house quiz finals');
  await dialog.getByLabel('Details').fill('In the auditorium at 11 am.');
  await dialog.getByLabel('Show on the school website').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const month = form.getByRole('list', { name: 'This month' });
  await expect(month.getByText('Inter-house quiz finals')).toBeVisible();

  // A staff-only meeting, and a holiday today that closes the day.
  await form.getByRole('button', { name: 'Add event' }).click();
  await dialog.getByLabel('Title').fill('Staff meeting on the new timetable');
  await choose(page, 'For', 'Staff');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await form.getByRole('button', { name: 'Add event' }).click();
  await dialog.getByLabel('Title').fill("Founders' day");
  await choose(page, 'Type', 'Holiday');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(cellOf(page, today)).toHaveAttribute('aria-label', `${today}: Holiday (Founders' day)`);
  await page.screenshot({ path: `${SHOTS}/planner-desktop.png`, fullPage: true });

  // Cancelling asks first, keeps the event struck through and opens the day again.
  await month.getByText("Founders' day").click();
  await dialog.getByRole('button', { name: 'Cancel event' }).click();
  await expect(dialog).toContainText(`Cancel "Founders' day"?`);
  await dialog.getByRole('button', { name: 'Cancel event' }).click();
  await expect(dialog).toBeHidden();
  await expect(cellOf(page, today)).not.toHaveAttribute('aria-label', /Founders' day/);
  await expect(month.getByRole('button', { name: /Founders' day/ })).toContainText('Cancelled');

  // A term that overlaps another is refused with the reason.
  await form.getByLabel('Term name').fill('Term 3');
  await form.getByLabel('First day').fill('01/12/2026');
  await form.getByLabel('Last day').fill('31/12/2026');
  await form.getByRole('button', { name: 'Add term' }).click();
  await expect(form.getByLabel('First day')).toHaveAccessibleDescription(
    'This term overlaps another term of the year',
  );

  // The parent sees the event for everyone, not the staff meeting nor the cancelled holiday.
  await page.context().clearCookies();
  await signIn(page, 'parent@schooliko.dev', 'Parent');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/calendar');
  await expect(month.getByText('Inter-house quiz finals')).toBeVisible();
  await expect(month.getByText('Staff meeting on the new timetable')).toHaveCount(0);
  await expect(month.getByText("Founders' day")).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Add event' })).toHaveCount(0);
  await month.getByText('Inter-house quiz finals').click();
  await expect(dialog).toContainText('In the auditorium at 11 am.');
  await page.screenshot({ path: `${SHOTS}/parent-390.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Close' }).click();
});
