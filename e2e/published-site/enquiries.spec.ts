import { emptyWebsiteContent } from '@schooliko/common/website';
import { expect, test } from '../fixtures';
import { apiAs, main, originFor, signIn } from '../helpers';

// This journey publishes the demo school's site with online admission on: it runs in a project of
// its own, so in a worker (and a server) of its own (playwright.config.ts), as other journeys need
// the site unpublished.
const SHOTS = '/tmp/desk-enquiries';

test('an enquiry sent on the public Admissions page is followed up and admitted into a student', async ({
  page,
  browser,
}) => {
  // The school's site is published with online admission on.
  const admin = await apiAs('localhost', 'admin@schooliko.dev', 'admin');
  const base = emptyWebsiteContent('Schooliko Demo School');
  const published = await admin.post('/api/website/publish', {
    data: {
      ...base,
      contact: {
        ...base.contact,
        city: 'Pune',
        state: 'Maharashtra',
        pincode: '411038',
        phone: '020 2543 1234',
      },
      features: { ...base.features, online_admission: true },
    },
  });
  expect(published.status(), await published.text()).toBe(200);
  await admin.dispose();

  // A parent sends an enquiry on the public Admissions page.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${originFor('localhost')}/admissions`);
  await visitor.getByRole('textbox', { name: "Student's name", exact: true }).fill('Kavya Bhosale');
  await visitor.getByRole('textbox', { name: 'Class sought', exact: true }).fill('Class 3');
  await visitor.getByRole('textbox', { name: "Parent's name", exact: true }).fill('Snehal Bhosale');
  await visitor.getByRole('textbox', { name: 'Mobile number', exact: true }).fill('9890012345');
  await visitor.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(visitor.getByText('Thank you! Your enquiry has been received.')).toBeVisible();
  await visitorContext.close();

  // The desk finds it among the enquiries, logs a call and admits the child.
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await page.goto('/admission-enquiry');
  await expect(main(page).getByRole('heading', { name: 'Funnel and conversion' })).toBeVisible();
  await main(page).getByRole('textbox', { name: 'Search', exact: true }).fill('Kavya');
  const row = main(page).getByRole('row', { name: /Kavya Bhosale/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Website');
  await expect(row).toContainText('New');
  await page.screenshot({ path: `${SHOTS}-list.png`, fullPage: true });
  await row.click();

  const dialog = page.getByRole('dialog', { name: /Kavya Bhosale/ });
  await dialog.getByLabel('Outcome').fill('Called the mother; visit on Saturday, documents ready');
  await dialog.getByRole('button', { name: 'Log follow-up' }).click();
  await expect(dialog.getByText('Called the mother; visit on Saturday, documents ready')).toBeVisible();
  await expect(dialog.getByText('Contacted', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Schedule visit' }).click();
  await page.getByRole('dialog', { name: 'Schedule visit' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Visit scheduled', { exact: true })).toBeVisible();
  // Its history names each change and who made it.
  await dialog.getByRole('button', { name: 'History' }).click();
  await expect(dialog.getByText('Stage changed')).toBeVisible();
  await expect(dialog.getByText('Follow-up logged')).toBeVisible();
  await expect(dialog.getByText('Stage: Contacted → Visit scheduled')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-detail.png`, fullPage: true });

  await dialog.getByRole('button', { name: 'Admit', exact: true }).click();
  const admit = page.getByRole('dialog', { name: 'Admit Kavya Bhosale' });
  // Pre-filled from the enquiry: nothing typed again but what the enquiry could not know.
  await expect(admit.getByLabel('First name')).toHaveValue('Kavya');
  await expect(admit.getByLabel('Last name')).toHaveValue('Bhosale');
  await admit.getByLabel('Admission no.').fill('ENQ/2026/031');
  await admit.getByLabel('Date of birth').fill('21/07/2018');
  await admit.getByRole('combobox', { name: 'Gender' }).click();
  await page.getByRole('option', { name: 'Female', exact: true }).click();
  await page.screenshot({ path: `${SHOTS}-admit.png`, fullPage: true });
  await admit.getByRole('button', { name: 'Admit and open the student' }).click();
  await expect(page).toHaveURL(/\/student\/[0-9a-f-]{36}$/);
  await expect(main(page).getByText('ENQ/2026/031').first()).toBeVisible();

  // The enquiry is admitted and linked; Admit is gone.
  await page.goto('/admission-enquiry');
  await main(page).getByRole('textbox', { name: 'Search', exact: true }).fill('Kavya');
  await expect(main(page).getByRole('row', { name: /Kavya Bhosale/ })).toContainText('Admitted');

  // At 390 px the list still reads.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(main(page).getByRole('row', { name: /Kavya Bhosale/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-390.png`, fullPage: true });
});
