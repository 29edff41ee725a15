import { expect, test } from './fixtures';
import { apiAs, mailedResetLink, main, signIn } from './helpers';

const SHOTS = '/tmp/invitations';

type Student = { id: string; full_name: string };

test('admin invites a parent from the record; the parent chooses a password and sees their child', {
  tag: '@soak',
}, async ({ page, browser }) => {
  const stamp = Date.now();
  const email = `e2e-parent-${stamp}@example.com`;
  const name = `Vikram Invite${stamp}`;
  // Setup: a new guardian, with an email, of an enrolled pupil.
  const admin = await apiAs('localhost', 'admin@schooliko.dev', 'admin');
  const listed = await admin.get('/api/students?limit=1&status=enrolled&sort=admission_no');
  const [child] = ((await listed.json()) as { data: { items: Student[] } }).data.items;
  if (!child) throw new Error('no enrolled student');
  const made = await admin.post('/api/guardians', {
    data: { name, phone: '9822000111', email, student_id: child.id, relation: 'father' },
  });
  expect(made.status()).toBe(201);
  await admin.dispose();

  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await page.goto(`/student/${child.id}`);
  await main(page).getByRole('tab', { name: 'Guardians' }).click();
  const card = main(page).getByLabel(name);
  await card.getByRole('button', { name: 'Invite to sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite 1 person to sign in' });
  await expect(dialog).toContainText('a link to choose a password (it works for 7 days)');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('1 invitation sent.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-sent.png` });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(card.getByText('Signs in')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Invite to sign in' })).toHaveCount(0);

  // The mail's link: the parent chooses a password, signs in, and finds their child (at 390 px).
  const link = await mailedResetLink(page, email);
  const parent = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await parent.goto(link);
  await main(parent).getByLabel('New Password').fill('Parent-pass-2026');
  await main(parent).getByLabel('Confirm Password').fill('Parent-pass-2026');
  await main(parent).getByRole('button', { name: 'Reset Password' }).click();
  await expect(parent).toHaveURL(/\/signin$/);
  await signIn(parent, email, 'Parent', 'Parent-pass-2026');
  await expect(parent).toHaveURL(/\/parent$/);
  await parent.goto(`/student/${child.id}`);
  await expect(main(parent).getByRole('heading', { name: child.full_name })).toBeVisible();
  await parent.screenshot({ path: `${SHOTS}-parent-390.png`, fullPage: true });
  await parent.close();
});

test('admin selects parents in the list and invites them together; those without an email are named', {
  tag: '@soak',
}, async ({ page }) => {
  const stamp = Date.now();
  const surname = `Bulkinvite${stamp}`;
  const admin = await apiAs('localhost', 'admin@schooliko.dev', 'admin');
  for (const [first, email] of [
    ['Asha', `e2e-asha-${stamp}@example.com`],
    ['Bharat', ''],
  ])
    expect(
      (
        await admin.post('/api/guardians', {
          data: { name: `${first} ${surname}`, phone: '9822000222', email },
        })
      ).status(),
    ).toBe(201);
  await admin.dispose();

  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await page.goto('/parent');
  await main(page).getByRole('textbox', { name: 'Search' }).fill(surname);
  await expect(main(page).getByRole('row')).toHaveCount(3);
  await main(page).getByRole('checkbox', { name: 'Select all rows' }).check();
  await main(page).getByRole('button', { name: 'Invite to sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite 2 people to sign in' });
  await dialog.getByRole('button', { name: 'Send 2 invitations' }).click();
  await expect(dialog.getByText('1 invitation sent.')).toBeVisible();
  const skipped = dialog.getByRole('list', { name: 'Not invited' });
  await expect(skipped.getByRole('listitem')).toHaveCount(1);
  await expect(skipped.getByRole('listitem')).toHaveText(
    `Bharat ${surname}Add an email address to this record first`,
  );
  await page.screenshot({ path: `${SHOTS}-bulk.png` });
});
