import { writeFileSync } from 'node:fs';
import { expect, type Page, test } from './fixtures';
import { main, signIn } from './helpers';

const SHOTS = '/tmp/staff';

/** A staff register with one bad row (no first name, 31 February), its codes unique to `tag`. */
function staffCsv(tag: string): string {
  return [
    'Employee Code,First Name,Last Name,Kind,Designation,Department,Phone,Joining Date',
    `${tag}-01,Meera,Kulkarni${tag},Teaching,PGT Physics,Science,98220 11111,01/06/2019`,
    `${tag}-02,Ramesh,Pawar${tag},non-teaching,Clerk,Office,,2020-07-01`,
    `${tag}-03,,Shinde${tag},teaching,TGT,Maths,,31/02/2021`,
  ].join('\r\n');
}

async function journey(page: Page, tag: string, shots: string, viaSidebar: boolean) {
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  if (viaSidebar) await page.getByRole('navigation').getByRole('link', { name: 'Staff' }).click();
  else await page.goto('/staff');
  await expect(page).toHaveURL(/\/staff$/);
  await expect(main(page).getByRole('heading', { name: 'Staff' })).toBeVisible();

  // Import: the check lists the bad row by line and field and writes nothing; then the valid rows.
  const file = `/tmp/e2e-staff-${tag}.csv`;
  writeFileSync(file, staffCsv(tag));
  await main(page).getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import staff' });
  await dialog.getByLabel('Choose file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await expect(dialog.getByText('3 rows read: 2 valid, 1 with errors.')).toBeVisible();
  const errors = dialog.getByRole('table', { name: /Rows with errors/ });
  await expect(errors.getByRole('row', { name: /4 First name Please enter a name/ })).toBeVisible();
  await expect(
    errors.getByRole('row', { name: /4 Joining date Please enter a valid date \(YYYY-MM-DD\)/ }),
  ).toBeVisible();
  await page.screenshot({ path: `${shots}-import-preview.png` });
  await dialog.getByRole('button', { name: 'Import 2 valid rows' }).click();
  await expect(dialog.getByText('2 staff members imported.')).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await main(page).getByRole('textbox', { name: 'Search' }).fill(`Kulkarni${tag}`);
  await expect(main(page).getByText(`Meera Kulkarni${tag}`)).toBeVisible();

  // Add a staff member through the form: a code already taken is refused under its field.
  await main(page).getByRole('button', { name: 'Add staff member' }).click();
  await expect(page).toHaveURL(/\/staff\/new$/);
  await main(page).getByLabel('Employee code').fill(`${tag}-01`);
  await main(page).getByLabel('First name').fill('Anjali');
  await main(page).getByLabel('Last name').fill(`Bhosale${tag}`);
  await main(page).getByLabel('Designation').fill('TGT English');
  await main(page).getByLabel('Joining date').fill('10/06/2024');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(
    main(page).getByText('This employee code is already used by another staff member').first(),
  ).toBeVisible();
  await page.screenshot({ path: `${shots}-staff-form.png`, fullPage: true });
  await main(page).getByLabel('Employee code').fill(`${tag}-10`);
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(main(page).getByRole('heading', { name: `Anjali Bhosale${tag}` })).toBeVisible();
  await page.screenshot({ path: `${shots}-staff-profile.png`, fullPage: true });

  // Edit it, then relieve it (asked for and confirmed, with the date).
  await main(page).getByRole('link', { name: 'Edit' }).click();
  await expect(main(page).getByLabel('Designation')).toHaveValue('TGT English');
  await main(page).getByLabel('Designation').fill('PGT English');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(main(page).getByText(`${tag}-10 · PGT English`)).toBeVisible();
  await main(page).getByRole('button', { name: 'Relieve' }).click();
  const relieve = page.getByRole('dialog', { name: `Relieve Anjali Bhosale${tag}?` });
  await relieve.getByLabel('Relieved on').fill('31/03/2026');
  await page.screenshot({ path: `${shots}-relieve.png` });
  await relieve.getByRole('button', { name: 'Relieve' }).click();
  await expect(relieve).toBeHidden();
  await expect(main(page).getByText('Relieved', { exact: true })).toBeVisible();
  await expect(main(page).getByText('31 Mar 2026')).toBeVisible();
  // Relieved by mistake: rejoining is asked for too, and brings the member back to the active staff.
  await main(page).getByRole('button', { name: 'Rejoin' }).click();
  const rejoin = page.getByRole('dialog', { name: `Rejoin Anjali Bhosale${tag}?` });
  await page.screenshot({ path: `${shots}-rejoin.png` });
  await rejoin.getByRole('button', { name: 'Rejoin' }).click();
  await expect(rejoin).toBeHidden();
  await expect(main(page).getByText('Active', { exact: true })).toBeVisible();
  await expect(main(page).getByText('31 Mar 2026')).toBeHidden();
  await expect(main(page).getByRole('button', { name: 'Relieve' })).toBeVisible();

  // A parent: added through the form, then their phone edited on their record.
  await page.goto('/parent');
  await expect(main(page).getByRole('heading', { name: 'Parents' })).toBeVisible();
  await main(page).getByRole('button', { name: 'Add parent' }).click();
  await main(page).getByRole('textbox', { name: /^Name/ }).fill(`Kavita Joshi${tag}`);
  await main(page)
    .getByRole('textbox', { name: /^Phone/ })
    .fill('98230 40000');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(main(page).getByRole('heading', { name: `Kavita Joshi${tag}` })).toBeVisible();
  await main(page).getByRole('link', { name: 'Edit' }).click();
  const phone = main(page).getByRole('textbox', { name: /^Phone/ });
  await expect(phone).toHaveValue('9823040000');
  await phone.fill('12345');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(main(page).getByText('Please enter a valid 10-digit mobile number')).toBeVisible();
  await phone.fill('98500 77777');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(main(page).getByRole('heading', { name: `Kavita Joshi${tag}` })).toBeVisible();
  await expect(main(page).getByText('9850077777').first()).toBeVisible();
  await main(page).getByRole('tab', { name: 'History' }).click();
  await expect(main(page).getByText('Details changed')).toBeVisible();
  await page.screenshot({ path: `${shots}-guardian.png`, fullPage: true });
}

test('admin imports staff, adds and relieves a staff member, edits a parent phone (desktop)', {
  tag: '@soak',
}, async ({ page }) => {
  await journey(page, 'EA', `${SHOTS}-desktop`, true);
});

test('the same at 390 px', { tag: '@soak' }, async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await journey(page, 'EB', `${SHOTS}-390`, false);
  await page.close();
});
