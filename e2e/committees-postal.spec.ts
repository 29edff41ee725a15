import { expect, test } from './fixtures';
import { main, signIn } from './helpers';

const SHOTS = '/tmp/desk-committees-postal';

test('the admin names the POSH committee on its screen and removes a member after a question', {
  tag: '@soak',
}, async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await page.goto('/complaints');
  await main(page).getByRole('link', { name: 'Complaint committees' }).click();
  await expect(page).toHaveURL(/\/complaints\/committees$/);
  await expect(main(page).getByRole('heading', { name: 'Complaint committees', level: 1 })).toBeVisible();

  // The demo seed put the demo teacher on the POCSO committee; POSH has nobody yet.
  const pocso = main(page).getByRole('region', { name: 'POCSO committee (child protection)' });
  await expect(pocso.getByRole('listitem').filter({ hasText: 'Priya Deshpande' })).toBeVisible();
  const posh = main(page).getByRole('region', { name: 'Internal Committee (sexual harassment, POSH)' });
  await expect(posh.getByText('No members yet')).toBeVisible();

  await posh.getByRole('combobox', { name: /Add a staff member/ }).click();
  await page.getByRole('option', { name: 'Priya Deshpande', exact: true }).click();
  await posh.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Committee members saved' })).toBeVisible();
  await expect(posh.getByRole('listitem').filter({ hasText: 'Priya Deshpande' })).toBeVisible();
  // A member is not offered twice.
  await posh.getByRole('combobox', { name: /Add a staff member/ }).click();
  await expect(page.getByRole('option', { name: 'Priya Deshpande', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${SHOTS}-committees.png`, fullPage: true });

  // Removing asks first; Cancel keeps the member.
  await posh.getByRole('button', { name: 'Remove Priya Deshpande' }).click();
  let confirm = page.getByRole('dialog', { name: 'Remove Priya Deshpande from the committee?' });
  await expect(confirm).toContainText('will no longer see the complaints of the Internal Committee');
  await page.screenshot({ path: `${SHOTS}-remove.png`, fullPage: true });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(posh.getByRole('listitem').filter({ hasText: 'Priya Deshpande' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await posh.getByRole('button', { name: 'Remove Priya Deshpande' }).click();
  confirm = page.getByRole('dialog', { name: 'Remove Priya Deshpande from the committee?' });
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(posh.getByText('No members yet')).toBeVisible();
  await expect(pocso.getByRole('listitem').filter({ hasText: 'Priya Deshpande' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-committees-390.png`, fullPage: true });

  // Her record's history names the committee in words, both the joining and the leaving.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/staff');
  await main(page).getByRole('textbox', { name: 'Search' }).fill('Priya Deshpande');
  await main(page)
    .getByRole('row', { name: /Priya Deshpande/ })
    .click();
  await main(page).getByRole('tab', { name: 'History' }).click();
  const history = main(page).getByRole('list', { name: 'History' });
  await expect(
    history.getByRole('listitem').filter({ hasText: 'Removed from a complaint committee' }).first(),
  ).toContainText('Committee: Internal Committee (POSH) → —');
  await expect(
    history.getByRole('listitem').filter({ hasText: 'Added to a complaint committee' }).first(),
  ).toContainText('Committee: — → Internal Committee (POSH)');
});

test('the receptionist records a letter with its scanned copy and opens the scan from the list and the entry', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'reception@schooliko.dev', 'Teacher');
  await page.goto('/postal-records');
  await main(page).getByRole('button', { name: 'New entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'New entry' });
  await dialog.getByLabel('From / to').fill('Maharashtra State Board, Pune Division');
  await dialog.getByLabel('Subject').fill('Affiliation renewal 2027');
  await dialog.getByLabel('Reference no.').fill('CBSE/AFF/2027/77');
  // A file that is not a scan is refused here, before anything is sent.
  await dialog.getByTestId('postal-scan-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a scan'),
  });
  await expect(dialog.getByRole('alert')).toHaveText('Attach the scanned copy as a PDF, JPG or PNG file');
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  await dialog
    .getByTestId('postal-scan-input')
    .setInputFiles({ name: 'affiliation-letter.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(dialog.getByText(/affiliation-letter\.pdf · 1 KB/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-new-entry.png`, fullPage: true });
  const [upload] = await Promise.all([
    page.waitForResponse((r) => /\/api\/postal-records\/[^/]+\/scan$/.test(r.url())),
    dialog.getByRole('button', { name: 'Save' }).click(),
  ]);
  expect(upload.status()).toBe(200);
  await expect(dialog.getByText(/Saved as serial no\. \d+/)).toBeVisible();
  await expect(dialog.getByText(/affiliation-letter\.pdf/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The list's Open fetches the scan with the session and shows it in a new tab.
  const row = main(page).getByRole('row', { name: /Maharashtra State Board, Pune Division/ });
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    row.getByRole('button', { name: 'Open the scanned copy affiliation-letter.pdf' }).click(),
  ]);
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  await tab.close();
  await page.screenshot({ path: `${SHOTS}-postal.png`, fullPage: true });

  // At 390 px the list keeps the serial and the party; the entry's dialog opens the scan.
  await page.setViewportSize({ width: 390, height: 844 });
  await row.click();
  const entry = page.getByRole('dialog', { name: /^Entry IN\// });
  await expect(entry).toContainText('Affiliation renewal 2027');
  await expect(entry).toContainText('affiliation-letter.pdf · 1 KB');
  await page.screenshot({ path: `${SHOTS}-entry-390.png`, fullPage: true });
  const [again] = await Promise.all([
    page.waitForEvent('popup'),
    entry.getByRole('button', { name: 'Open the scanned copy affiliation-letter.pdf' }).click(),
  ]);
  await expect.poll(() => again.url()).toMatch(/^blob:/);
  await again.close();
  await entry.getByRole('button', { name: 'Close' }).click();
  await expect(entry).toBeHidden();
});

test('a staff member is told of post for them, finds it under My post and opens its scan; the register stays closed to them', {
  tag: '@soak',
}, async ({ browser, page }) => {
  // Two people, each in a browser of their own.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'reception@schooliko.dev', 'Teacher');
  await page.goto('/postal-records');
  const record = async (from: string, subject: string, confidential: boolean) => {
    await main(page).getByRole('button', { name: 'New entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'New entry' });
    await dialog.getByLabel('From / to').fill(from);
    await dialog.getByLabel('Subject').fill(subject);
    if (confidential) await dialog.getByLabel('Confidential').check();
    else await dialog.getByLabel('Confidential').uncheck();
    await dialog.getByRole('combobox', { name: 'Addressed to (staff)' }).click();
    await page.getByRole('option', { name: 'Rahul Joshi', exact: true }).click();
    if (confidential) {
      // A sealed letter is not opened at the desk: no scan is offered for it.
      await expect(dialog.getByText('A confidential letter is not opened at the desk')).toBeVisible();
      await expect(dialog.getByTestId('postal-scan-input')).toHaveCount(0);
    } else {
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
      await dialog
        .getByTestId('postal-scan-input')
        .setInputFiles({ name: 'dcpu-circular.pdf', mimeType: 'application/pdf', buffer: pdf });
    }
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(/Saved as serial no\. \d+/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  };
  await record('District Child Protection Unit, Pune', 'Sealed: case reference', true);
  await record('District Child Protection Unit, Pune', 'Training nomination: POCSO awareness', false);
  await page.screenshot({ path: `${SHOTS}-register-confidential.png`, fullPage: true });

  // The accountant (a staff member without the register), in a browser of their own: the bell tells
  // of both, the sealed one without its sender.
  const teacher = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(teacher, 'accounts@schooliko.dev', 'Teacher');
  await teacher.getByRole('button', { name: /^Notifications/ }).click();
  const notices = teacher
    .getByRole('dialog', { name: 'Notifications' })
    .getByTestId('notification-item')
    .filter({ hasText: 'Post for you' });
  await expect(
    notices.filter({
      hasText: /A confidential letter for you is at the front office \(IN\/\d{4}-\d{2}\/\d+\)\./,
    }),
  ).toHaveCount(1);
  await expect(
    notices.filter({ hasText: 'District Child Protection Unit, Pune sent you post by post' }),
  ).toHaveCount(1);
  await teacher.keyboard.press('Escape');

  const nav = teacher.getByRole('navigation');
  const group = nav.getByRole('button', { name: 'Reception', exact: true });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await expect(nav.getByRole('link', { name: 'Postal records', exact: true })).toHaveCount(0);
  await nav.getByRole('link', { name: 'My post', exact: true }).click();
  await expect(teacher).toHaveURL(/\/my-post$/);
  await expect(main(teacher).getByRole('row', { name: /Sealed: case reference/ })).toBeVisible();
  const row = main(teacher).getByRole('row', { name: /Training nomination: POCSO awareness/ });
  await expect(main(teacher).getByRole('row', { name: /Maharashtra State Board/ })).toHaveCount(0);
  const [tab] = await Promise.all([
    teacher.waitForEvent('popup'),
    row.getByRole('button', { name: 'Open the scanned copy dcpu-circular.pdf' }).click(),
  ]);
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  await tab.close();
  await teacher.screenshot({ path: `${SHOTS}-my-post.png`, fullPage: true });

  // On a phone (serial and sender only) the letter opens as an entry with its scan, and nothing to change in it.
  const serial = (await row.getByRole('gridcell').first().textContent()) ?? '';
  await teacher.setViewportSize({ width: 390, height: 844 });
  await main(teacher)
    .getByRole('row', { name: new RegExp(`^${serial}`) })
    .click();
  const entry = teacher.getByRole('dialog', { name: /^Entry IN\// });
  await expect(entry).toContainText('dcpu-circular.pdf · 1 KB');
  await expect(entry.getByRole('button', { name: 'Cancel entry' })).toHaveCount(0);
  await teacher.screenshot({ path: `${SHOTS}-my-post-390.png`, fullPage: true });
  await entry.getByRole('button', { name: 'Close' }).click();
  await teacher.context().close();
});
