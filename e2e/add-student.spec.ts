import { expect, test } from './fixtures';
import { main, pick, signIn } from './helpers';

const SHOTS = '/tmp/add-student';
const stamp = Date.now().toString().slice(-6);

test('the office adds a student by the form and an enquiry at the desk; each save says so', async ({
  page,
}) => {
  await signIn(page, 'admin@schooliko.dev', 'Admin');

  // A pupil admitted by the form: the toast names them, over their new record.
  await page.goto('/student/new');
  await main(page).getByLabel('Admission no.').fill(`E2E/${stamp}`);
  await main(page).getByLabel('First name').fill('Meera');
  await main(page).getByLabel('Last name').fill('Kulkarni');
  await main(page).getByLabel('Date of birth').fill('2015-06-10');
  await pick(page, 'Gender', 'Female');
  await main(page).getByRole('combobox', { name: 'Class-section' }).click();
  await page.getByRole('option', { name: /^VII-A \(/ }).click();
  await main(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/student\/[0-9a-f-]{36}$/);
  const toast = page.locator('.MuiSnackbar-root');
  await expect(toast).toContainText(`Student added: Meera Kulkarni, admission no. E2E/${stamp}`);
  await expect(main(page).getByText('Meera Kulkarni').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-student.png`, fullPage: true });

  // An enquiry at the desk: the dialog closes, the toast says it is saved, the list shows it.
  await page.goto('/admission-enquiry');
  await main(page).getByRole('button', { name: 'New enquiry' }).click();
  const dialog = page.getByRole('dialog', { name: 'New enquiry' });
  await dialog.getByLabel('Child’s name').fill(`Aarav Joshi ${stamp}`);
  await dialog.getByLabel('Class sought').fill('Class 1');
  await dialog.getByLabel('Parent’s name').fill('Sneha Joshi');
  await dialog.getByLabel('Phone').fill('9822098220');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast).toContainText('Enquiry saved');
  await expect(main(page).getByRole('row', { name: new RegExp(`Aarav Joshi ${stamp}`) })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-enquiry.png`, fullPage: true });
});
