import { expect, type Page, test } from './fixtures';
import { apiAs, classWithPupil, main, pick, signIn } from './helpers';

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
  await expect(main(page).getByRole('list', { name: 'Receipts' }).getByText(receiptNo)).toBeVisible();
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

test('a pupil admitted mid-year is billed from the quarter they joined; the office bills the earlier quarters with a reason', {
  tag: '@soak',
}, async ({ page }) => {
  const admin = await apiAs('localhost', 'admin@schooliko.dev', 'admin');
  const year = (
    (await (await admin.get('/api/academic-years')).json()).data.items as {
      id: string;
      starts_on: string;
      is_current: boolean;
    }[]
  ).find((y) => y.is_current);
  if (!year) throw new Error('the demo has no current academic year');
  const cls = await admin.post('/api/classes', { data: { name: 'Lateral Entry', sort_order: 96 } });
  const classId = (await cls.json()).data.id as string;
  const section = await admin.post('/api/sections', {
    data: { class_id: classId, academic_year_id: year.id, name: 'A' },
  });
  const head = await admin.post('/api/fees/heads', {
    data: { name: 'Lateral Tuition', code: 'LAT', category: 'tuition' },
  });
  const from = Number(year.starts_on.slice(0, 4));
  const structure = await admin.post('/api/fees/structures', {
    data: {
      academic_year_id: year.id,
      class_id: classId,
      plan: 'quarterly',
      instalments: [
        { label: 'Quarter 1', due_on: `${from}-04-10` },
        { label: 'Quarter 2', due_on: `${from}-07-10` },
        { label: 'Quarter 3', due_on: `${from}-10-10` },
        { label: 'Quarter 4', due_on: `${from + 1}-01-10` },
      ],
      lines: [{ head_id: (await head.json()).data.id, amounts_paise: [300000, 300000, 300000, 300000] }],
    },
  });
  expect(structure.status()).toBe(201);
  // Admitted on 20 November: billed Quarter 3 (due the day they came) and Quarter 4 only.
  const placed = await admin.post('/api/students', {
    data: {
      admission_no: 'LT/2026/001',
      first_name: 'Tanvi',
      last_name: 'Wagle',
      date_of_birth: '2013-09-12',
      gender: 'female',
      section_id: (await section.json()).data.id,
      admitted_on: `${from}-11-20`,
    },
  });
  expect(placed.status()).toBe(201);
  await admin.dispose();

  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await openFeesScreen(page, 'Tuition fees');
  await main(page).getByLabel("Student name, admission number or guardian's mobile").fill('LT/2026/001');
  await page.getByRole('option', { name: /Tanvi Wagle · LT\/2026\/001/ }).click();
  const dues = main(page).getByRole('table', { name: 'Dues' });
  await expect(dues.getByRole('row', { name: /Quarter 3 Lateral Tuition/ })).toBeVisible();
  await expect(dues.getByRole('row', { name: /Quarter 1/ })).toHaveCount(0);
  const note = main(page).getByRole('alert').filter({ hasText: 'Admitted during the year' });
  await expect(note).toContainText('Quarter 1, Quarter 2 (₹6,000.00) fell due before admission, not billed');
  await note.getByRole('button', { name: 'Bill earlier instalments' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bill the instalments before admission' });
  await dialog.getByRole('button', { name: 'Bill earlier instalments' }).click();
  await expect(dialog.getByText('Please give the reason for billing the earlier instalments')).toBeVisible();
  await dialog
    .getByLabel("Reason (kept in the pupil's history)")
    .fill('Transfer certificate shows fees unpaid');
  await page.screenshot({ path: `${SHOTS}-earlier.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Bill earlier instalments' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.MuiSnackbar-root')).toContainText('Earlier instalments billed');
  await expect(note).toHaveCount(0);
  await expect(dues.getByRole('row', { name: /Quarter 1 Lateral Tuition/ })).toBeVisible();
  await expect(dues.getByRole('row', { name: /Total due .*₹12,000.00/ })).toBeVisible();
});

test("the fee counter's search says its own buttons in Hindi: clear, open and close", {
  tag: '@soak',
}, async ({ page }) => {
  await signIn(page, 'accounts@schooliko.dev', 'Teacher');
  await openFeesScreen(page, 'Tuition fees');
  const search = main(page).getByRole('combobox').first();
  await expect(main(page).getByRole('button', { name: 'Open', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
  // MUI's own words follow the language too (issue 32: "Clear" and "Open" stayed English).
  await expect(main(page).getByRole('button', { name: 'खोलें', exact: true })).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Open', exact: true })).toHaveCount(0);
  // Open, the list's button closes it; a pupil chosen, the box offers to clear the choice.
  await search.fill('Sharma');
  await expect(main(page).getByRole('button', { name: 'बंद करें', exact: true })).toBeVisible();
  await page.getByRole('option').first().click();
  await expect(search).not.toHaveValue('Sharma');
  await search.focus();
  await expect(main(page).getByRole('button', { name: 'साफ़ करें', exact: true })).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Clear', exact: true })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}-counter-hi.png`, fullPage: true });
  await main(page).getByRole('button', { name: 'साफ़ करें', exact: true }).click();
  await expect(search).toHaveValue('');
});
