import { expect, test } from './fixtures';
import { main, pick, signIn } from './helpers';

const SHOTS = '/tmp/add-student';
const stamp = Date.now().toString().slice(-6);
/** A mobile number none of the demo's guardians has: the first pupil's father is new. */
const mobile = '9800000210';

test('the office adds a student with their first guardian by the form, then a sibling on a phone, and an enquiry at the desk for one of its classes; each save says so', async ({
  page,
}) => {
  await signIn(page, 'admin@schooliko.dev', 'Admin');

  // A pupil admitted by the form: the toast names them, over their new record.
  await page.goto('/student/new');
  await main(page).getByLabel('Admission no.').fill(`E2E/${stamp}`);
  await main(page).getByLabel('First name').fill('Meera');
  await main(page).getByLabel('Last name').fill('Kulkarni');
  await main(page).getByLabel('Date of birth').fill('10/06/2015');
  await pick(page, 'Gender', 'Female');
  await main(page).getByRole('combobox', { name: 'Class-section' }).click();
  await page.getByRole('option', { name: /^VII-A \(/ }).click();
  // A pincode fills the city and state (issue 32).
  await main(page).getByLabel('Pincode').fill('411001');
  await expect(main(page).getByLabel('City')).toHaveValue('Pune');
  await expect(main(page).getByRole('combobox', { name: 'State' })).toHaveText('Maharashtra');
  // The first parent, on the same form (issue 32): a mobile nobody has yet adds a new guardian.
  const parent = main(page).getByRole('region', { name: 'Parent or guardian' });
  await pick(page, 'Relation to the child', 'Father');
  await parent.getByLabel('Parent’s or guardian’s name').fill('Anil Kulkarni');
  await parent.getByLabel('Mobile number').fill(mobile);
  await page.screenshot({ path: `${SHOTS}-form.png`, fullPage: true });
  await main(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/student\/[0-9a-f-]{36}$/);
  const toast = page.locator('.MuiSnackbar-root');
  await expect(toast).toContainText(
    `Student added: Meera Kulkarni, admission no. E2E/${stamp}, with Anil Kulkarni as parent or guardian`,
  );
  await expect(main(page).getByText('Meera Kulkarni').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-student.png`, fullPage: true });
  // Her profile names him, as her father and first contact, with his mobile.
  await main(page).getByRole('tab', { name: 'Guardians' }).click();
  const father = main(page).getByRole('region', { name: 'Anil Kulkarni' });
  await expect(father).toContainText('Father · May collect the child');
  await expect(father).toContainText(`Phone: ${mobile}`);
  await page.screenshot({ path: `${SHOTS}-guardian.png`, fullPage: true });

  // Her brother, on a phone: the next admission number is suggested, and their father's mobile,
  // already on record, links him instead of adding him twice.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/student/new');
  await expect(main(page).getByLabel('Admission no.')).not.toHaveValue('');
  await expect(main(page).getByText('Suggested: the next in the series')).toBeVisible();
  const next = await main(page).getByLabel('Admission no.').inputValue();
  await page.screenshot({ path: `${SHOTS}-suggested.png`, fullPage: true });
  await main(page).getByLabel('First name').fill('Rohan');
  await main(page).getByLabel('Last name').fill('Kulkarni');
  await main(page).getByLabel('Date of birth').fill('22/01/2017');
  await pick(page, 'Gender', 'Male');
  await pick(page, 'Relation to the child', 'Father');
  await parent.getByLabel('Parent’s or guardian’s name').fill('Anil K.');
  // A wrong mobile is said beside its field, and nothing is saved.
  await parent.getByLabel('Mobile number').fill('12345');
  await main(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(parent.getByText('Please enter a valid 10-digit mobile number')).toBeVisible();
  await expect(page).toHaveURL(/\/student\/new$/);
  await page.screenshot({ path: `${SHOTS}-guardian-invalid-390.png`, fullPage: true });
  await parent.getByLabel('Mobile number').fill(`+91 ${mobile}`);
  await main(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/student\/[0-9a-f-]{36}$/);
  await expect(toast).toContainText(
    `Student added: Rohan Kulkarni, admission no. ${next}. Anil Kulkarni, already on record with this mobile number, is linked.`,
  );
  await page.screenshot({ path: `${SHOTS}-linked-390.png`, fullPage: true });
  await main(page).getByRole('tab', { name: 'Guardians' }).click();
  await expect(main(page).getByRole('region', { name: 'Anil Kulkarni' })).toContainText(`Phone: ${mobile}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}-guardian-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // An enquiry at the desk: the dialog closes, the toast says it is saved, the list shows it.
  await page.goto('/admission-enquiry');
  await main(page).getByRole('button', { name: 'New enquiry' }).click();
  const dialog = page.getByRole('dialog', { name: 'New enquiry' });
  await dialog.getByLabel('Child’s name').fill(`Aarav Joshi ${stamp}`);
  // Class sought is one of the institute's classes, not free text (issue 32, item 9).
  await dialog.getByRole('combobox', { name: 'Class sought' }).click();
  await page.getByRole('option', { name: 'UKG', exact: true }).click();
  await dialog.getByLabel('Parent’s name').fill('Sneha Joshi');
  await dialog.getByLabel('Phone').fill('9822098220');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast).toContainText('Enquiry saved');
  const row = main(page).getByRole('row', { name: new RegExp(`Aarav Joshi ${stamp}`) });
  await expect(row).toBeVisible();
  // In the list: the class as picked, and the day in the Indian form used everywhere else.
  await expect(row.getByRole('gridcell', { name: 'UKG', exact: true })).toBeVisible();
  await expect(row.getByRole('gridcell', { name: '26 Nov 2026', exact: true })).toBeVisible();
  // The funnel counts by the institute's classes in their order, and nothing runs off the page.
  const byClass = main(page).getByRole('table', { name: 'By class' });
  await expect(byClass.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('Nursery');
  await expect(byClass.getByRole('row').nth(2).getByRole('cell').first()).toHaveText('LKG');
  await expect(byClass.getByRole('row').nth(4).getByRole('cell').first()).toHaveText('I');
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await page.screenshot({ path: `${SHOTS}-enquiry.png`, fullPage: true });
});
