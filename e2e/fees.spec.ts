import { expect, type Page, test } from './fixtures';
import { classWithPupil, main, pick, signIn } from './helpers';

const SHOTS = '/tmp/fees';

/** A class of its own with one pupil, so the journey's structure meets no seeded one. */
async function bridgeClass() {
  const { admin } = await classWithPupil(
    { name: 'Bridge Course', sort_order: 99 },
    {
      admission_no: 'BR/2026/001',
      first_name: 'Meera',
      last_name: 'Naik',
      date_of_birth: '2012-03-04',
      gender: 'female',
    },
  );
  const pupil = (await (await admin.get('/api/students?search=BR%2F2026%2F001')).json()).data.items[0] as {
    id: string;
  };
  const father = await admin.post('/api/guardians', {
    data: { name: 'Sanjay Naik', phone: '9422011220', student_id: pupil.id, relation: 'father' },
  });
  expect(father.status()).toBe(201);
  await admin.dispose();
}

async function openFeesScreen(page: Page, name: string) {
  const nav = page.getByRole('navigation');
  const group = nav.getByRole('button', { name: 'Fees', exact: true });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await nav.getByRole('link', { name }).click();
}

test('the office sets a class fee, bills it, collects at the counter, prints and cancels a receipt', async ({
  page,
}) => {
  await bridgeClass();

  // The accountant adds a fee type and the class's structure, then generates its dues.
  await signIn(page, 'accounts@schooliko.dev', 'Teacher');
  await openFeesScreen(page, 'Add Fees Type');
  await expect(page).toHaveURL(/\/add-fees-type$/);
  await main(page).getByRole('button', { name: 'Add fee type' }).click();
  const headDialog = page.getByRole('dialog', { name: 'Add fee type' });
  await headDialog.getByLabel('Fee type').fill('Bridge Tuition');
  await headDialog.getByLabel('Code').fill('brt');
  await headDialog.getByLabel('Counts as tuition fee for the section 80C certificate').check();
  await headDialog.getByRole('button', { name: 'Save' }).click();
  await expect(headDialog).toBeHidden();
  await expect(main(page).getByRole('row', { name: /Bridge Tuition BRT/ })).toBeVisible();

  await main(page).getByRole('tab', { name: 'Fee structures' }).click();
  await main(page).getByRole('button', { name: 'Add structure' }).click();
  const structure = page.getByRole('dialog', { name: /Fee structure for/ });
  await structure.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: 'Bridge Course', exact: true }).click();
  await structure.getByRole('combobox', { name: 'Instalments' }).click();
  await page.getByRole('option', { name: 'By term (2)' }).click();
  await structure.getByLabel('Bridge Tuition · Term 1').fill('6000');
  await structure.getByLabel('Bridge Tuition · Term 2').fill('4500.50');
  await expect(structure.getByText('Total for the year: ₹10,500.50')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-structure.png` });
  await structure.getByRole('button', { name: 'Save' }).click();
  await expect(structure).toBeHidden();
  const card = main(page).getByRole('region', { name: 'Class Bridge Course' });
  await expect(card.getByText('0 students billed')).toBeVisible();
  await card.getByRole('button', { name: 'Generate dues' }).click();
  await expect(card.getByText('2 dues created for 1 students.')).toBeVisible();
  await expect(card.getByText('1 student billed')).toBeVisible();

  // At the counter: find the pupil, see the dues, take a UPI payment, print the receipt.
  await openFeesScreen(page, 'Tuition fees');
  await expect(page).toHaveURL(/\/tuition-fees$/);
  // The clerk may know only the father's mobile: his children are offered.
  await main(page).getByLabel("Student name, admission number or guardian's mobile").fill('94220 11220');
  await page.getByRole('option', { name: /Meera Naik · BR\/2026\/001 · Bridge Course/ }).click();
  const dues = main(page).getByRole('table', { name: 'Dues' });
  await expect(dues.getByRole('row', { name: /Term 1 Bridge Tuition .* ₹6,000.00 .* Due/ })).toBeVisible();
  await expect(dues.getByRole('row', { name: /Total due .*₹10,500.50/ })).toBeVisible();

  const form = main(page).getByRole('form', { name: 'Take payment' });
  await form.getByLabel('Amount (₹)').fill('7000');
  await pick(page, 'Mode', 'UPI');
  await expect(form.getByRole('button', { name: 'Collect' })).toBeDisabled();
  await form.getByLabel('UPI transaction ID (UTR)').fill('UTR 612345678901');
  await form.getByRole('button', { name: 'Collect' }).click();
  const confirm = page.getByRole('dialog', { name: 'Collect this payment?' });
  await expect(confirm.getByText('₹7,000.00 by UPI for Meera Naik.', { exact: false })).toBeVisible();
  await confirm.getByRole('button', { name: 'Collect' }).click();
  const issued = form.getByText(/Receipt RCPT\/\d{4}-\d{2}\/\d{5} issued\./);
  await expect(issued).toBeVisible();
  const receiptNo = ((await issued.textContent()) ?? '').match(/RCPT\/\S+\/\d{5}/)?.[0] ?? '';
  await expect(dues.getByRole('row', { name: /Term 1 Bridge Tuition .* Paid/ })).toBeVisible();
  await expect(
    dues.getByRole('row', { name: /Term 2 Bridge Tuition .* ₹3,500.50 .*Part paid/ }),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-counter.png`, fullPage: true });

  const [pdf, tab] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/receipt.pdf')),
    page.waitForEvent('popup'),
    form.getByRole('button', { name: 'Print receipt' }).click(),
  ]);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(Number(pdf.headers()['content-length'])).toBeGreaterThan(5000);
  // The new tab shows the PDF the app fetched with the clerk's token.
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  await tab.close();

  // On a phone the counter still shows the dues and the receipt.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(main(page).getByRole('table', { name: 'Receipts' }).getByText(receiptNo)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-counter-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The accountant cannot cancel; the admin can, with a reason, and the number stays used.
  await expect(main(page).getByRole('button', { name: 'Cancel receipt' })).toHaveCount(0);
  await page.context().clearCookies();
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await page.goto('/tuition-fees');
  await main(page).getByLabel("Student name, admission number or guardian's mobile").fill('BR/2026/001');
  await page.getByRole('option', { name: /Meera Naik/ }).click();
  const receipts = main(page).getByRole('table', { name: 'Receipts' });
  await receipts
    .getByRole('row', { name: new RegExp(receiptNo) })
    .getByRole('button', { name: 'Cancel receipt' })
    .click();
  const cancel = page.getByRole('dialog', { name: `Cancel receipt ${receiptNo}?` });
  await expect(cancel.getByRole('button', { name: 'Cancel receipt' })).toBeDisabled();
  await cancel.getByLabel('Reason').fill('Paid by the wrong parent');
  await cancel.getByRole('button', { name: 'Cancel receipt' }).click();
  await expect(cancel).toBeHidden();
  const row = receipts.getByRole('row', { name: new RegExp(receiptNo) });
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(row.getByText(/Cancelled by RCPT-R\/\S+: Paid by the wrong parent/)).toBeVisible();
  await expect(
    main(page)
      .getByRole('table', { name: 'Dues' })
      .getByRole('row', { name: /Total due .*₹10,500.50/ }),
  ).toBeVisible();
});
