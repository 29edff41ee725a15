import { formatRupees } from '@schooliko/common/fees/money';
import { expect, test } from './fixtures';
import { apiAs, main, signIn } from './helpers';

// Issue 14 item 12: the demo parent pays their child's dues online through the built-in test
// gateway (no Razorpay keys): the server makes the order with the SDK, the test Checkout pays it
// and sends the signed webhooks, and only the webhook posts the receipt the page then shows.
// The accountant's defaulter list and the parent's home follow live (the stream's `fees` event).
test('a parent pays dues online through the test gateway; the defaulter list and their home follow live', async ({
  page,
  browser,
}) => {
  // The parent's child and what the defaulter list says they owe now.
  const parentApi = await apiAs('localhost', 'parent@schooliko.dev', 'parent');
  const [child] = (await (await parentApi.get('/api/fees/mine')).json()).data.items as {
    student_name: string;
    due_paise: number;
  }[];
  await parentApi.dispose();
  expect(child?.due_paise).toBeGreaterThan(0);
  const name = child?.student_name ?? '';
  const office = await apiAs('localhost', 'accounts@schooliko.dev', 'teacher');
  const listed = (await (await office.get(`/api/fees/defaulters?search=${encodeURIComponent(name)}`)).json())
    .data.items as { student_name: string; overdue_paise: number }[];
  await office.dispose();
  const row = listed.find((d) => d.student_name === name);
  expect(row?.overdue_paise).toBeGreaterThan(0);

  // The accountant keeps the defaulter list open on the child, in a browser of their own.
  const officeContext = await browser.newContext();
  const accountant = await officeContext.newPage();
  await signIn(accountant, 'accounts@schooliko.dev', 'Teacher');
  await accountant.goto('/dues');
  await main(accountant).getByRole('textbox', { name: 'Search' }).fill(name);
  const defaulter = main(accountant).getByRole('row', { name: new RegExp(name) });
  await expect(defaulter).toContainText(formatRupees(row?.overdue_paise ?? 0));
  await accountant.screenshot({ path: '/tmp/fees-online/0-defaulter.png' });

  // The parent's home shows what is pending; they pay from another tab.
  await signIn(page, 'parent@schooliko.dev', 'Parent');
  const pending = main(page).getByRole('link', { name: /Pending Payments/ });
  await expect(pending).toContainText(formatRupees(child?.due_paise ?? 0));
  const payPage = await page.context().newPage();
  await payPage.goto('/pay-online');
  const view = main(payPage);
  await expect(view.getByRole('heading', { name: 'Pay fees online' })).toBeVisible();
  const pay = view.getByRole('button', { name: /^Pay ₹.* online$/ });
  await expect(pay).toBeEnabled();
  await payPage.screenshot({ path: '/tmp/fees-online/1-due.png' });
  await pay.click();
  const dialog = payPage.getByRole('dialog', { name: 'Test payment gateway' });
  await dialog.getByRole('button', { name: 'Pay (test)' }).click();
  await expect(view.getByText(/^Paid\. Receipt RCPT\//)).toBeVisible({ timeout: 15_000 });
  await expect(view.getByText('Unpaid for the year: ₹0.00')).toBeVisible({ timeout: 15_000 });
  await payPage.screenshot({ path: '/tmp/fees-online/2-paid.png' });

  // Without a reload: the child is no longer a defaulter, and the parent's home has nothing pending.
  await expect(defaulter).toHaveCount(0, { timeout: 15_000 });
  await accountant.screenshot({ path: '/tmp/fees-online/3-defaulter-paid.png' });
  await expect(pending).toContainText(formatRupees(0), { timeout: 15_000 });
  await page.screenshot({ path: '/tmp/fees-online/4-home-paid.png' });
  await payPage.setViewportSize({ width: 390, height: 800 });
  await payPage.screenshot({ path: '/tmp/fees-online/5-paid-390.png' });
  await officeContext.close();
});
