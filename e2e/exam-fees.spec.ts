import { readFile } from 'node:fs/promises';
import { formatRupees } from '@schooliko/common/fees/money';
import { expect, type Page, test } from './fixtures';
import { apiAs, classWithPupil, main, pick, signIn } from './helpers';

const SHOTS = '/tmp/exam-fees';

async function openFeesScreen(page: Page, name: string) {
  const nav = page.getByRole('navigation');
  const group = nav.getByRole('button', { name: 'Fees', exact: true });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await nav.getByRole('link', { name }).click();
}

test('the office bills an exam fee to a class; a bounced cheque reverses its receipt and adds the bounce fine', {
  tag: '@soak',
}, async ({ page }) => {
  const { admin } = await classWithPupil(
    { name: 'Olympiad Batch', sort_order: 97 },
    {
      admission_no: 'OL/2026/001',
      first_name: 'Siddharth',
      last_name: 'Kulkarni',
      date_of_birth: '2011-02-09',
      gender: 'male',
    },
  );

  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await openFeesScreen(page, 'Exam fees');
  await expect(page).toHaveURL(/\/exam-fees$/);
  // The demo school's pre-board exam of IX–XII is there, with what came in.
  await expect(main(page).getByRole('region', { name: 'Pre-board Examination' })).toBeVisible();

  await main(page).getByRole('button', { name: 'Add exam fee' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /^Exam/ }).fill('Olympiad Qualifier');
  await dialog.getByRole('combobox', { name: 'Exam fee type' }).click();
  await page.getByRole('option', { name: /Exam Fee \(EXM\)/ }).click();
  await dialog.getByLabel('Due date').fill('05/12/2026');
  await dialog.getByLabel('Amount (₹)').fill('350');
  await dialog.getByRole('checkbox', { name: 'Class Olympiad Batch' }).check();
  await page.screenshot({ path: `${SHOTS}-dialog.png` });
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByText(/This bills every enrolled student of 1 class/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Bill 1 class' }).click();
  await expect(main(page).getByText('1 due created for 1 students.')).toBeVisible();
  const card = main(page).getByRole('region', { name: 'Olympiad Qualifier' });
  await expect(card.getByText('1 student billed')).toBeVisible();
  await expect(card.getByText('Olympiad Batch ₹350.00')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-list.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}-list-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The family pays the exam fee by cheque; the bank returns it.
  const pupil = (await (await admin.get('/api/students?search=OL%2F2026%2F001')).json()).data.items[0] as {
    id: string;
  };
  const paid = await admin.post('/api/fees/payments', {
    data: { student_id: pupil.id, amount_paise: 35000, mode: 'cheque', reference: 'CHQ 771122 SBI' },
  });
  expect(paid.status()).toBe(201);
  const receiptNo = (await paid.json()).data.receipt_no as string;

  await openFeesScreen(page, 'Tuition fees');
  await main(page).getByLabel("Student name, admission number or guardian's mobile").fill('OL/2026/001');
  await page.getByRole('option', { name: /Siddharth Kulkarni/ }).click();
  const dues = main(page).getByRole('table', { name: 'Dues' });
  await expect(dues.getByRole('row', { name: /Olympiad Qualifier .* ₹350.00 .* Paid/ })).toBeVisible();
  const receipts = main(page).getByRole('table', { name: 'Receipts' });
  await receipts
    .getByRole('row', { name: new RegExp(receiptNo) })
    .getByRole('button', { name: 'Cheque bounced' })
    .click();
  const bounce = page.getByRole('dialog', { name: `Cheque bounced for receipt ${receiptNo}?` });
  await bounce.getByLabel("Bank's reason").fill('Insufficient funds');
  await expect(bounce.getByRole('checkbox', { name: 'Add the bounce fine of ₹500.00' })).toBeChecked();
  await page.screenshot({ path: `${SHOTS}-bounce-dialog.png` });
  await bounce.getByRole('button', { name: 'Reverse the receipt' }).click();
  await expect(bounce).toBeHidden();
  const row = receipts.getByRole('row', { name: new RegExp(receiptNo) });
  await expect(row.getByText('Cancelled (cheque bounced)')).toBeVisible();
  await expect(row.getByText(/Cheque bounced: Insufficient funds/)).toBeVisible();
  await expect(dues.getByRole('row', { name: /Olympiad Qualifier .* ₹350.00 .* Due/ })).toBeVisible();
  await expect(
    dues.getByRole('row', { name: new RegExp(`Cheque bounce ${receiptNo}.*₹500.00`) }),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-bounced.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}-bounced-390.png`, fullPage: true });

  const after = (await (await admin.get(`/api/fees/dues?student_id=${pupil.id}`)).json()).data;
  expect(after.total_due_paise).toBe(35000 + 50000);
  await admin.dispose();
});

test('the dues report has the concession register with its export, and previous-year dues', {
  tag: '@soak',
}, async ({ page }) => {
  const admin = await apiAs('localhost', 'admin@schooliko.dev', 'admin');
  const latest = (await (await admin.get('/api/fees/concessions/register?limit=1')).json()).data;
  const basis = latest.items[0]?.basis as string;
  expect(basis).toBeTruthy();
  // Every concession was proposed by one person and approved by another (issue 27).
  const { proposed_by, approved_by } = latest.items[0] as { proposed_by: string; approved_by: string };
  expect([proposed_by.length > 0, approved_by.length > 0, proposed_by !== approved_by]).toEqual([
    true,
    true,
    true,
  ]);
  const merit = (await (await admin.get(`/api/fees/concessions/register?basis=${basis}`)).json()).data;
  expect(merit.pagination.total).toBeGreaterThan(0);
  const years = (await (await admin.get('/api/academic-years')).json()).data.items as { name: string }[];
  if (!years.some((y) => y.name === '2025-26'))
    expect(
      (
        await admin.post('/api/academic-years', {
          data: { name: '2025-26', starts_on: '2025-04-01', ends_on: '2026-03-31' },
        })
      ).status(),
    ).toBe(201);
  await admin.dispose();

  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await openFeesScreen(page, 'Dues');
  await main(page).getByRole('tab', { name: 'Concession register' }).click();
  await expect(page.getByTestId('register-total')).not.toHaveText('—');
  const labels: Record<string, string> = {
    rte: 'RTE / EWS seat',
    staff_ward: 'Staff ward',
    sibling: 'Sibling',
    merit: 'Merit',
    ad_hoc: 'Ad hoc',
  };
  await pick(page, 'Basis', labels[basis] ?? basis);
  await expect(page.getByTestId('register-total')).toHaveText(formatRupees(merit.total_paise));
  await page.screenshot({ path: `${SHOTS}-register.png`, fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    main(page).getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('concession-register.csv');
  const csv = (await readFile((await download.path()) ?? '', 'utf8')).trim().split('\r\n');
  expect(csv[0]).toContain(
    'Admission No,Student,Class,Fee type,Instalment,Basis,Amount (₹),Proposed by,Approved by,Applied by',
  );
  expect(csv).toHaveLength(merit.pagination.total + 1);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}-register-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await main(page).getByRole('tab', { name: 'Previous year dues' }).click();
  await expect(main(page).getByRole('heading', { name: 'Unpaid dues of 2025-26' })).toBeVisible();
  await expect(page.getByTestId('carry-open')).toHaveText('Nothing is unpaid in 2025-26.');
  await page.screenshot({ path: `${SHOTS}-carry.png`, fullPage: true });
});

test('a concession rule waits for a second person, is edited while unused, then deactivated, never deleted', async ({
  page,
}) => {
  const admin = await apiAs('localhost', 'admin@schooliko.dev', 'admin');
  const made = await admin.post('/api/fees/concessions/rules', {
    data: { name: 'Sports quota', basis: 'merit', head_id: null, kind: 'percent', value: 5 },
  });
  expect(made.status()).toBe(201);
  await admin.dispose();
  // The accountant proposes a rule: it waives nothing until someone else approves it (issue 27).
  const accountant = await apiAs('localhost', 'accounts@schooliko.dev', 'teacher');
  const proposed = await accountant.post('/api/fees/concessions/rules', {
    data: { name: 'Chess champions', basis: 'merit', head_id: null, kind: 'percent', value: 20 },
  });
  expect(proposed.status()).toBe(201);
  await accountant.dispose();

  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await page.goto('/add-fees-type');
  await main(page).getByRole('tab', { name: 'Concessions' }).click();
  const rules = main(page).getByRole('table', { name: 'Concession rules' });
  // The admin's own proposal waits for another approver; the accountant's they may approve.
  await expect(
    rules.getByRole('row', { name: /Sports quota/ }).getByText('Awaiting another approver'),
  ).toBeVisible();
  const chess = rules.getByRole('row', { name: /Chess champions/ });
  await expect(chess.getByText('Awaiting approval')).toBeVisible();
  await expect(chess.getByText(/^Proposed by /)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-rules-waiting.png`, fullPage: true });
  await chess.getByRole('button', { name: 'Approve' }).click();
  await expect(page.locator('.MuiSnackbar-root')).toContainText('Concession rule approved and applied');
  await expect(chess.getByText('Awaiting approval')).toHaveCount(0);
  await expect(chess.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await rules
    .getByRole('row', { name: /Sports quota/ })
    .getByRole('button', { name: 'Edit' })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Sports quota' });
  await expect(edit.getByText('No due has used this rule yet')).toBeVisible();
  await edit.getByLabel('Name').fill('Sports quota (state level)');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  const row = rules.getByRole('row', { name: /Sports quota \(state level\)/ });
  await row.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate Sports quota (state level)?' });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row.getByText('Deactivated')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}-rules-390.png`, fullPage: true });
});
