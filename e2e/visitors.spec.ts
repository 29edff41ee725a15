import { writeFileSync } from 'node:fs';
import { expect, type Page, test } from './fixtures';
import { apiAs, classWithPupil, main, signIn } from './helpers';

const SHOTS = '/tmp/visitors';

// Chromium's fake camera (a moving test pattern) stands in for the desk's webcam; the camera
// permission is granted so no prompt appears.
test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

async function openReception(page: Page, name: string) {
  const nav = page.getByRole('navigation');
  const group = nav.getByRole('button', { name: 'Reception', exact: true });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await nav.getByRole('link', { name, exact: true }).click();
}

test('the receptionist checks a visitor in with a camera photo, prints the pass and checks the visitor out', async ({
  page,
}) => {
  await signIn(page, 'reception@schooliko.dev', 'Teacher');
  await openReception(page, 'Visitors');
  await expect(page).toHaveURL(/\/visitors$/);
  await expect(main(page).getByRole('heading', { name: 'Visitors' })).toBeVisible();

  await main(page).getByRole('button', { name: 'Check in a visitor' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Check in a visitor' });
  await dialog.getByLabel('Name').fill('Harish Bhosale');
  await dialog.getByLabel('Mobile').fill('98220 45678');
  await dialog.getByLabel('Purpose of visit').fill('Delivering library books');
  await dialog.getByRole('combobox', { name: 'ID proof' }).click();
  await page.getByRole('option', { name: 'Driving licence' }).click();
  await dialog.getByLabel('Last 4 digits of the ID').fill('7788');
  await dialog.getByRole('button', { name: 'Open camera' }).click();
  const take = dialog.getByRole('button', { name: 'Take photo' });
  await expect(take).toBeEnabled({ timeout: 15_000 });
  await take.click();
  await expect(dialog.getByRole('img', { name: 'Photo' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-check-in.png`, fullPage: true });

  const [photo] = await Promise.all([
    page.waitForResponse((r) => /\/api\/visitors\/[^/]+\/photo$/.test(r.url())),
    dialog.getByRole('button', { name: 'Check in', exact: true }).click(),
  ]);
  expect(photo.status()).toBe(200);
  const photoUrl = ((await photo.json()) as { data: { photo_url: string } }).data.photo_url;
  expect(photoUrl).toMatch(/^\/api\/visitors\/[0-9a-f-]{36}\/photo\/[0-9a-f]{32}\.(jpg|png|webp)$/);
  // Private (issue 27): not for a browser without the session's token.
  expect((await page.request.get(photoUrl)).status()).toBe(401);
  const done = page.getByRole('dialog', { name: 'Visitor checked in' });
  const passText = (await done.getByRole('alert').textContent()) ?? '';
  const pass = passText.match(/VP\/\d{4}-\d{2}\/\d{5}/)?.[0] ?? '';
  expect(pass).not.toBe('');

  const [pdf, tab] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/pass.pdf')),
    page.waitForEvent('popup'),
    done.getByRole('button', { name: 'Print pass' }).click(),
  ]);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(Number(pdf.headers()['content-length'])).toBeGreaterThan(5000);
  const desk = await apiAs('localhost', 'reception@schooliko.dev', 'teacher');
  const printed = await desk.get(new URL(pdf.url()).pathname);
  expect(printed.status()).toBe(200);
  const passPdf = await printed.body();
  // The camera's photo is drawn on the pass (an embedded image).
  expect(passPdf.toString('latin1')).toContain('/Subtype /Image');
  writeFileSync(`${SHOTS}-pass.pdf`, passPdf);
  await desk.dispose();
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  await tab.close();
  await done.getByRole('button', { name: 'Close' }).click();

  // The visitor is in the day's list; opened from it, they are checked out.
  const row = main(page).getByRole('row', { name: new RegExp(pass) });
  await expect(row).toContainText('Harish Bhosale');
  await expect(row).toContainText('In');
  await page.screenshot({ path: `${SHOTS}-list.png`, fullPage: true });
  await row.click();
  const card = page.getByRole('dialog', { name: /Harish Bhosale/ });
  // The camera's photo, fetched with the session's token (issue 27).
  await expect(card.getByRole('img', { name: 'Harish Bhosale' })).toHaveAttribute('src', /^blob:/);
  await expect(card.getByRole('img', { name: 'Harish Bhosale' })).toHaveJSProperty('complete', true);
  await card.getByRole('button', { name: 'Check out' }).click();
  const confirm = page.getByRole('dialog', { name: 'Check out' });
  await confirm.getByRole('button', { name: 'Check out' }).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByText('Left', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Close' }).click();
  await expect(main(page).getByRole('row', { name: new RegExp(pass) })).toContainText('Left');

  // Scanning the pass again (its number typed, as where the browser has no QR reader) is refused.
  await main(page).getByRole('button', { name: 'Scan pass' }).click();
  const scan = page.getByRole('dialog', { name: 'Check out by pass' });
  await scan.getByLabel('Pass no.').fill(pass);
  await scan.getByRole('button', { name: 'Check out' }).click();
  await expect(scan.getByText('This visitor has already checked out')).toBeVisible();
  await scan.getByRole('button', { name: 'Close' }).click();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(
    main(page)
      .getByRole('list', { name: 'Visitors' })
      .getByRole('listitem')
      .filter({ hasText: 'Harish Bhosale' }),
  ).toContainText('Left');
  await page.screenshot({ path: `${SHOTS}-list-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('a parent asks for an appointment from home; the desk confirms it and checks the parent in', {
  tag: '@soak',
}, async ({ page, browser }) => {
  await signIn(page, 'parent@schooliko.dev', 'Parent');
  const card = main(page)
    .getByRole('heading', { name: 'Appointments with the school' })
    .locator('..')
    .locator('..');
  await main(page).getByRole('button', { name: 'Request an appointment' }).click();
  const ask = page.getByRole('dialog', { name: 'Request an appointment' });
  await ask.getByRole('combobox', { name: 'With' }).click();
  await page.getByRole('option').first().click();
  await ask.getByLabel('Time').fill('15:15');
  await ask.getByRole('combobox', { name: 'About which child' }).click();
  await page.getByRole('option').nth(1).click();
  await ask.getByLabel('Purpose of visit').fill('Mathematics homework');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(ask.getByText('Your request has been sent. The school will confirm it.')).toBeVisible();
  await ask.getByRole('button', { name: 'Close' }).click();
  await expect(card.getByText('Requested').first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}-parent-home-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The desk sees the request on its day, confirms it, then checks the parent in (a pass).
  const deskContext = await browser.newContext({
    viewport: { width: 1280, height: 800 },
  });
  const desk = await deskContext.newPage();
  await signIn(desk, 'reception@schooliko.dev', 'Teacher');
  await openReception(desk, 'Appointments');
  await expect(desk).toHaveURL(/\/appointments$/);
  // Tomorrow, typed as a person writes it: dd/mm/yyyy.
  const tomorrow = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata' }).format(
    Date.now() + 86_400_000,
  );
  await main(desk).getByLabel('From', { exact: true }).fill(tomorrow);
  const row = main(desk).getByRole('row', { name: /Mathematics homework/ });
  await expect(row).toContainText('Requested');
  await row.click();
  const dialog = desk.getByRole('dialog').filter({ hasText: 'Mathematics homework' });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Confirmed', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Check in' }).click();
  await expect(dialog.getByText('Checked in', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Print pass' })).toBeVisible();
  await desk.screenshot({ path: `${SHOTS}-appointment.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Complete' }).click();
  await expect(dialog.getByText('Completed', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(main(desk).getByRole('row', { name: /Mathematics homework/ })).toContainText('Completed');
  await desk.setViewportSize({ width: 390, height: 844 });
  await desk.screenshot({ path: `${SHOTS}-appointments-390.png`, fullPage: true });
  await deskContext.close();
});

test('the desk lets a child go only with an authorised pick-up: someone else and an uncle are refused, the mother is let through', {
  tag: '@soak',
}, async ({ page }) => {
  // A pupil of the journey's own, with a mother who may collect her and an uncle who may not.
  const { admin } = await classWithPupil(
    { name: 'Pick-up Class', sort_order: 96 },
    {
      admission_no: 'PU-0001',
      first_name: 'Ira',
      last_name: 'Dhavale',
      date_of_birth: '2016-03-09',
      gender: 'female',
    },
  );
  const pupil = (await (await admin.get('/api/students?search=PU-0001')).json()).data.items[0] as {
    id: string;
  };
  for (const [name, phone, relation, authorised] of [
    ['Smita Dhavale', '9823012345', 'mother', true],
    ['Raju Dhavale', '9823012346', 'other', false],
  ] as const) {
    const made = await admin.post('/api/guardians', {
      data: { name, phone, student_id: pupil.id, relation, authorised_pickup: authorised },
    });
    expect(made.status(), `guardian ${name}`).toBe(201);
  }
  await admin.dispose();

  await signIn(page, 'reception@schooliko.dev', 'Teacher');
  await openReception(page, 'Visitors');
  await main(page).getByRole('button', { name: 'Student pick-up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Student pick-up' });
  await dialog.getByLabel('Student leaving').fill('PU-0001');
  await page.getByRole('option', { name: /Ira Dhavale · PU-0001/ }).click();
  const go = dialog.getByRole('button', { name: 'Let the student go' });
  await expect(go).toBeDisabled();

  // Someone else, with a phone number that is not one: said beside the field, nothing recorded.
  await dialog.getByRole('radio', { name: 'Someone else' }).check();
  await dialog.getByLabel('Name').fill('Mahesh Kale');
  await dialog.getByLabel('Mobile').fill('12345');
  await go.click();
  await expect(dialog.getByText('Please enter a valid 10-digit mobile number')).toBeVisible();
  await dialog.getByLabel('Mobile').fill('9850011223');
  await go.click();
  const refusal =
    'This person is not an authorised pick-up for the student. The student cannot leave with them; the class teacher has been told.';
  await expect(dialog.getByRole('alert')).toHaveText(refusal);

  // The uncle is a guardian on record but not an authorised pick-up: refused too.
  await dialog.getByRole('radio', { name: /^Raju Dhavale · Other · not authorised$/ }).check();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await go.click();
  await expect(dialog.getByRole('alert')).toHaveText(refusal);

  // The mother may collect her.
  await dialog.getByRole('radio', { name: /^Smita Dhavale · Mother · authorised pick-up$/ }).check();
  await go.click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Ira Dhavale left with Smita Dhavale. The pick-up is recorded.',
  );
  await page.screenshot({ path: `${SHOTS}-pickup.png` });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The day's list keeps all three: two refused, one left.
  const pickups = main(page)
    .locator('div', { has: page.getByRole('heading', { name: 'Pick-ups' }) })
    .last();
  for (const [person, outcome] of [
    ['Mahesh Kale', 'Refused'],
    ['Raju Dhavale', 'Refused'],
    ['Smita Dhavale', 'Left'],
  ])
    await expect(pickups.locator('div', { hasText: `— ${person}` }).last()).toContainText(
      `Ira Dhavale (Pick-up Class-A)— ${person}${outcome}`,
    );
});
