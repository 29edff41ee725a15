import { expect, test } from '@playwright/test';
import { main, signIn } from './helpers';

// Issue 14 item 12: the demo parent pays their child's dues online through the built-in test
// gateway (no Razorpay keys): the server makes the order with the SDK, the test Checkout pays it
// and sends the signed webhooks, and only the webhook posts the receipt the page then shows.
test('a parent pays dues online through the test gateway and sees the receipt', async ({ page }) => {
  await signIn(page, 'parent@schooliko.dev', 'Parent');
  await page.goto('/pay-online');
  const view = main(page);
  await expect(view.getByRole('heading', { name: 'Pay fees online' })).toBeVisible();
  const pay = view.getByRole('button', { name: /^Pay ₹.* online$/ });
  await expect(pay).toBeEnabled();
  await page.screenshot({ path: '/tmp/fees-online/1-due.png' });
  await pay.click();
  const dialog = page.getByRole('dialog', { name: 'Test payment gateway' });
  await dialog.getByRole('button', { name: 'Pay (test)' }).click();
  await expect(view.getByText(/^Paid\. Receipt RCPT\//)).toBeVisible({ timeout: 15_000 });
  await expect(view.getByText('Unpaid for the year: ₹0.00')).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: '/tmp/fees-online/2-paid.png' });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: '/tmp/fees-online/3-paid-390.png' });
});
