import { readFile } from 'node:fs/promises';
import { formatRupees } from '@schooliko/common/fees/money';
import { expect, type Page, test } from './fixtures';
import { apiAs, main, pick, signIn } from './helpers';

const SHOTS = '/tmp/dues';

async function openFeesScreen(page: Page, name: string) {
  const nav = page.getByRole('navigation');
  const group = nav.getByRole('button', { name: 'Fees', exact: true });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await nav.getByRole('link', { name }).click();
}

test('the office reads the dues by class and exports them; the dashboard shows the day; a parent sees their child', async ({
  page,
}) => {
  // A payment today, so that today's collection is more than nothing.
  const admin = await apiAs('localhost', 'admin@schooliko.dev', 'admin');
  const before = (await (await admin.get('/api/fees/defaulters?limit=1')).json()).data;
  const [first] = before.items as { student_id: string; class_label: string }[];
  expect(first).toBeTruthy();
  const paid = await admin.post('/api/fees/payments', {
    data: { student_id: first?.student_id, amount_paise: 12_345_00, mode: 'cash', reference: '' },
  });
  expect(paid.status()).toBe(201);
  const all = (await (await admin.get('/api/fees/defaulters?limit=1')).json()).data;
  const className = (first?.class_label ?? '').split('-')[0] ?? '';
  const classes = (await (await admin.get('/api/classes')).json()).data.items as {
    id: string;
    name: string;
  }[];
  const cls = classes.find((c) => c.name === className);
  const ofClass = (await (await admin.get(`/api/fees/defaulters?class_id=${cls?.id}`)).json()).data;
  const figures = (await (await admin.get('/api/dashboard/admin')).json()).data.fees;
  await admin.dispose();
  expect(figures.today_paise).toBeGreaterThanOrEqual(12_345_00);

  // The admin opens Dues, filters a class and sees its totals, then exports it.
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await expect(main(page).getByText(formatRupees(figures.today_paise))).toBeVisible();
  await expect(main(page).getByText(formatRupees(figures.outstanding_paise))).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-dashboard.png`, fullPage: true });

  await openFeesScreen(page, 'Dues');
  await expect(page).toHaveURL(/\/dues$/);
  await expect(page.getByTestId('dues-total-all')).toHaveText(formatRupees(all.totals.overdue_paise));
  await pick(page, 'Class', className);
  await expect(page.getByTestId('dues-total-all')).toHaveText(formatRupees(ofClass.totals.overdue_paise));
  await expect(
    main(page)
      .getByRole('row', { name: new RegExp(first?.class_label ?? '') })
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-defaulters.png`, fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    main(page).getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('dues.csv');
  const csv = (await readFile((await download.path()) ?? '', 'utf8')).trim().split('\r\n');
  expect(csv[0]).toBe(
    'Admission No,Student,Class,Instalments,Oldest due on,Days overdue,Age (days),Overdue (₹)',
  );
  expect(csv).toHaveLength(ofClass.totals.students + 1);

  // The day's collection: the payment above among today's cash.
  await main(page).getByRole('tab', { name: 'Daily collection' }).click();
  await expect(page.getByTestId('collection-total')).toHaveText(formatRupees(figures.today_paise));
  await expect(
    main(page).getByRole('table', { name: 'By mode' }).getByRole('row', { name: /Cash/ }),
  ).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}-collection-390.png`, fullPage: true });
  await main(page).getByRole('tab', { name: 'Defaulters' }).click();
  await expect(page.getByTestId('dues-total-all')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-defaulters-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The parent: Pending Payments on their home, then Fees shows their child's dues and receipts.
  await page.context().clearCookies();
  await signIn(page, 'parent@schooliko.dev', 'Parent');
  const parent = await apiAs('localhost', 'parent@schooliko.dev', 'parent');
  const mine = (await (await parent.get('/api/fees/mine')).json()).data;
  await parent.dispose();
  await expect(main(page).getByText(formatRupees(mine.due_paise))).toBeVisible();
  await openFeesScreen(page, 'Tuition fees');
  await expect(page).toHaveURL(/\/tuition-fees$/);
  await expect(main(page).getByRole('heading', { name: "My children's fees" })).toBeVisible();
  const child = main(page).getByRole('region', { name: mine.items[0].student_name });
  await expect(
    child.getByRole('table', { name: 'Dues' }).getByRole('row', { name: /Due$/ }).first(),
  ).toBeVisible();
  const receipts = child.getByRole('table', { name: 'Receipts' });
  await expect(receipts.getByRole('button', { name: 'Cancel receipt' })).toHaveCount(0);
  const [pdf, tab] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/receipt.pdf')),
    page.waitForEvent('popup'),
    receipts.getByRole('button', { name: 'Print' }).first().click(),
  ]);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await tab.close();
  await page.screenshot({ path: `${SHOTS}-parent.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // Below sm the dues are cards (e2e/phones.spec.ts reads them whole).
  await expect(child.getByRole('list', { name: 'Dues' }).getByRole('listitem').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-parent-390.png`, fullPage: true });
});
