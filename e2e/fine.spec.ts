import { expect, test } from './fixtures';
import { classWithPupil, main, pick, signIn } from './helpers';

const SHOTS = '/tmp/fine';

/** A day `n` days before today in India, as yyyy-mm-dd. */
const daysAgo = (n: number) =>
  new Date(Date.now() + 5.5 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10);

/** A class of its own with one pupil billed ₹1,000 due 20 days ago. */
async function lateClass() {
  const { admin, yearId, classId } = await classWithPupil(
    { name: 'Remedial', sort_order: 98 },
    {
      admission_no: 'RM/2026/001',
      first_name: 'Omkar',
      last_name: 'Patil',
      date_of_birth: '2012-07-14',
      gender: 'male',
    },
  );
  const head = await admin.post('/api/fees/heads', {
    data: { name: 'Remedial Tuition', code: 'REM', category: 'tuition' },
  });
  expect(head.status()).toBe(201);
  const structure = await admin.post('/api/fees/structures', {
    data: {
      academic_year_id: yearId,
      class_id: classId,
      plan: 'annual',
      instalments: [{ label: 'Annual', due_on: daysAgo(20) }],
      lines: [{ head_id: (await head.json()).data.id, amounts_paise: [100000] }],
    },
  });
  expect(structure.status()).toBe(201);
  const job = await admin.post('/api/fees/generate', {
    data: { structure_ids: [(await structure.json()).data.id] },
  });
  expect(job.status()).toBe(202);
  const jobId = (await job.json()).data.job_id as string;
  await expect
    .poll(async () => (await (await admin.get(`/api/jobs/${jobId}`)).json()).data.status)
    .toBe('done');
  await admin.dispose();
}

test('the office sets a late fine; the counter shows it and collects it with the fee', {
  tag: '@soak',
}, async ({ page }) => {
  await lateClass();
  await signIn(page, 'accounts@schooliko.dev', 'Teacher');
  const nav = page.getByRole('navigation');
  const group = nav.getByRole('button', { name: 'Fees', exact: true });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await nav.getByRole('link', { name: 'Fine' }).click();
  await expect(page).toHaveURL(/\/fine$/);

  // Grace 5 days, then ₹10 a day, at most ₹100 a due.
  const form = main(page);
  await pick(page, 'Fine fee type', 'Late Fine');
  await form.getByLabel('Grace days').fill('5');
  await form.getByLabel('Cap per due (₹)').fill('100');
  await pick(page, 'Charge', 'Amount per day');
  await form.getByLabel('Amount (₹)').fill('10');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Fine rule saved')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}-rule-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // 20 days late, 5 of grace: 15 × ₹10 = ₹150, held to ₹100.
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await nav.getByRole('link', { name: 'Tuition fees' }).click();
  await main(page).getByLabel("Student name, admission number or guardian's mobile").fill('RM/2026/001');
  await page.getByRole('option', { name: /Omkar Patil/ }).click();
  const dues = main(page).getByRole('table', { name: 'Dues' });
  await expect(dues.getByRole('columnheader', { name: 'Late fine' })).toBeVisible();
  await expect(
    dues.getByRole('row', { name: /Annual Remedial Tuition .* ₹1,000.00 .* ₹100.00/ }),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-counter.png`, fullPage: true });

  const take = main(page).getByRole('form', { name: 'Take payment' });
  await expect(take.getByText('Unpaid for the year: ₹1,100.00')).toBeVisible();
  await take.getByRole('button', { name: 'Pay all dues' }).click();
  await take.getByRole('button', { name: 'Collect' }).click();
  const confirm = page.getByRole('dialog', { name: 'Collect this payment?' });
  await confirm.getByRole('button', { name: 'Collect' }).click();
  await expect(take.getByText(/Receipt RCPT\/\d{4}-\d{2}\/\d{5} issued\./)).toBeVisible();
  await expect(dues.getByRole('row', { name: /Annual Late Fine .* ₹100.00 .* Paid/ })).toBeVisible();
  await expect(dues.getByRole('columnheader', { name: 'Late fine' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}-collected.png`, fullPage: true });

  // Collection has started: the rule is locked.
  await page.goto('/fine');
  await expect(main(page).getByText('Fine slabs are locked: collection has started this year')).toBeVisible();

  // The Concessions tab: rules, ad-hoc requests and the RTE claim, on a desk and on a phone.
  await page.goto('/add-fees-type');
  await main(page).getByRole('tab', { name: 'Concessions' }).click();
  await expect(main(page).getByRole('heading', { name: 'RTE reimbursement claim' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-concessions.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}-concessions-390.png`, fullPage: true });
});
