import { deflateSync } from 'node:zlib';
import { type Browser, expect, type Page, test } from './fixtures';
import { apiAs, approveSignUp, main, originFor, PASSWORD, pick, signUp, submitSignIn } from './helpers';

const SHOTS = '/tmp/groups';
const stamp = Date.now();
const GROUP = `Sahyadri Schools ${stamp}`;

const toast = (page: Page) => page.locator('.MuiSnackbar-root');

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real PNG (solid colour, 64x64), so the server's image re-encoding accepts it. */
function makePng(size = 64, rgb: [number, number, number] = [245, 124, 0]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A new director at the institute on `host`, signed in and on their dashboard. Both demo hosts
 * have an active admin, so the sign-up waits for that admin's approval first.
 */
async function newDirector(browser: Browser, host: string, first: string, last: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: originFor(host),
    viewport: { width: 1366, height: 900 },
  });
  const page = await context.newPage();
  const email = `e2e-${first.toLowerCase()}-${stamp}@example.com`;
  await signUp(page, { first, last, email, role: 'Director' });
  await expect(page).toHaveURL(/\/signin$/);
  await approveSignUp(host, email, 'director');
  await submitSignIn(page, email, 'Director');
  await expect(page).toHaveURL(/\/director\/dashboard$/);
  return page;
}

test('directors create a group with a logo, ask to join it, approve from the bell and edit it', {
  tag: '@soak',
}, async ({ browser }) => {
  test.setTimeout(240_000);

  // Director A at Green Valley: no group yet, so the dashboard warns and offers the setup steps.
  const a = await newDirector(browser, 'greenvalley.localhost', 'Asha', 'Kulkarni');
  const setup = a.getByRole('dialog', { name: 'Get Started' });
  await expect(setup).toBeVisible();
  await expect(setup).toContainText('Please complete the setup steps below to access your full dashboard.');
  await expect(
    a.getByText('No group ID found in director data. Please contact administrator.'),
  ).toBeVisible();
  await setup.getByRole('link', { name: 'Create Group' }).click();
  await expect(a).toHaveURL(/\/director\/create-group$/);

  await test.step('the form checks its fields and the logo', async () => {
    await expect(a.getByRole('heading', { name: 'Create Group', level: 1 })).toBeVisible();
    await a.getByRole('button', { name: 'Create Group' }).click();
    await expect(toast(a)).toContainText('Please fix the errors in the form');
    await expect(main(a).getByText('Group name is required')).toBeVisible();
    await expect(main(a).getByText('Group type is required')).toBeVisible();
    await expect(main(a).getByText('Pincode is required')).toBeVisible();
    await main(a).getByLabel('Group Name').fill(GROUP);
    await expect(main(a).getByText('Group name is required')).toHaveCount(0);

    // Too big, then the wrong type, then a real PNG; Upload waits for type, name, city and pincode.
    const input = a.getByTestId('group-logo-input');
    await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(1_300_000, 1) });
    await expect(main(a).getByText('Image size should be less than 1MB. Current size: 1.24MB')).toBeVisible();
    await input.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
    await expect(main(a).getByText('Please select a valid image file (JPG, PNG, GIF, WebP)')).toBeVisible();
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng() });
    await expect(main(a).getByRole('button', { name: 'Upload' })).toBeDisabled();
    await expect(
      main(a).getByText(
        'Please select group type, enter group name, city, and pincode before uploading logo',
      ),
    ).toBeVisible();

    await pick(a, 'Group Type', 'School Chain');
    await main(a).getByLabel('Establishment Year').fill('2009');
    await main(a).getByLabel('Description').fill('Schools across the Sahyadri foothills.');
    await main(a).getByLabel('Street Address').fill('14 Karve Road, Kothrud');
    await main(a).getByLabel('City').fill('Pune');
    await pick(a, 'State', 'Maharashtra');
    await main(a).getByLabel('Pincode').fill('41103a8');
    await expect(main(a).getByLabel('Pincode')).toHaveValue('411038');
    await main(a).getByLabel('Email').fill('not-an-email');
    await main(a).getByLabel('Website').fill('sahyadri.example');

    await main(a).getByRole('button', { name: 'Upload' }).click();
    await expect(main(a).getByRole('button', { name: 'Uploaded ✓' })).toBeDisabled();

    await main(a).getByRole('combobox', { name: 'Tags' }).click();
    await a.getByRole('option', { name: 'CBSE', exact: true }).click();
    await main(a).getByRole('combobox', { name: 'Tags' }).fill('Western Ghats');
    await main(a).getByRole('combobox', { name: 'Tags' }).press('Enter');
    await expect(main(a).getByText('Western Ghats', { exact: true })).toBeVisible();
    await expect(main(a).getByLabel('Make me the primary director')).toBeChecked();
    await expect(main(a).getByLabel('Make me the principal')).not.toBeChecked();

    await a.getByRole('button', { name: 'Create Group' }).click();
    await expect(main(a).getByText('Please enter a valid email address')).toBeVisible();
    await expect(main(a).getByText('Website URL should start with http:// or https://')).toBeVisible();
    await main(a).getByLabel('Email').fill('office@sahyadri.example');
    await main(a).getByLabel('Website').fill('https://sahyadri.example');
    await a.screenshot({ path: `${SHOTS}-form.png`, fullPage: true });
  });

  await test.step('creating it lands on the dashboard with the group', async () => {
    await a.getByRole('button', { name: 'Create Group' }).click();
    await expect(toast(a)).toContainText('Group created with logo successfully!');
    await expect(a).toHaveURL(/\/director$/);
    await expect(a.getByRole('heading', { name: 'Director Dashboard' })).toBeVisible();
    const details = a.getByRole('region', { name: 'Your Group Details' });
    await expect(details).toContainText(GROUP);
    await expect(details).toContainText('School Chain');
    await expect(details).toContainText('Schools across the Sahyadri foothills.');
    await expect(details).toContainText('Active');
    await expect(details.getByRole('img', { name: `${GROUP} logo` })).toHaveAttribute('src', /\/uploads\//);
    await expect(a.getByRole('dialog', { name: 'Get Started' })).toHaveCount(0);
    await expect(a.getByRole('link', { name: 'Edit Group' })).toBeVisible();
    await expect(a.getByTestId('stat-card').filter({ hasText: 'Total Groups' })).toContainText('1');
    await expect(a.getByTestId('stat-card').filter({ hasText: 'Total Institutes' })).toContainText('1');
    await a.screenshot({ path: `${SHOTS}-dashboard.png` });
    // Group Dashboard: the group's branches side by side (e2e/branches.spec.ts looks closer).
    await a.getByRole('link', { name: /Group Dashboard/ }).click();
    await expect(a).toHaveURL(/\/director\/group$/);
    await expect(main(a).getByText(`${GROUP}: every branch side by side`)).toBeVisible();
    await expect(main(a).getByRole('region', { name: 'Green Valley Public School' })).toBeVisible();
    await a.goBack();
    await expect(a).toHaveURL(/\/director$/);
  });

  // Director B at the development institute finds the group by type, then name, and asks to join.
  const b = await newDirector(browser, 'localhost', 'Vikram', 'Joshi');
  const dialog = b.getByRole('dialog', { name: 'Get Started' });
  await test.step('B asks to join; while pending, Create and Find Group wait', async () => {
    await dialog.getByRole('button', { name: 'Find Group' }).click();
    const join = dialog.getByRole('button', { name: 'Join Group' });
    await expect(join).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Group Type' }).click();
    await b.getByRole('option', { name: 'School Chain', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Group', exact: true }).fill('Sahyadri');
    await b.getByRole('option', { name: new RegExp(GROUP) }).click();
    await expect(join).toBeEnabled();
    await join.click();
    await expect(toast(b)).toContainText('Request Sent');
    await expect(toast(b)).toContainText(
      'Join request sent successfully! You will be notified when approved.',
    );
    await expect(dialog).toContainText(
      `Please wait for your pending join request to "${GROUP}" to be processed`,
    );
    await expect(dialog.getByRole('link', { name: 'Create Group' })).toHaveAttribute('aria-disabled', 'true');
    await expect(dialog.getByRole('button', { name: 'Find Group' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Cancel Request' })).toBeVisible();
    await b.screenshot({ path: `${SHOTS}-dialog.png` });

    // Cancelling asks first, then frees Create and Find Group; B asks again.
    await dialog.getByRole('button', { name: 'Cancel Request' }).click();
    const confirm = b.getByRole('dialog', { name: 'Cancel join request?' });
    await confirm.getByRole('button', { name: 'Cancel Request' }).click();
    await expect(toast(b)).toContainText('Request Cancelled');
    await expect(toast(b)).toContainText('Join request cancelled successfully.');
    await expect(dialog.getByText('Please wait for your pending join request', { exact: false })).toHaveCount(
      0,
    );
    await expect(dialog.getByRole('button', { name: 'Find Group' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Find Group' }).click();
    await dialog.getByRole('combobox', { name: 'Group Type' }).click();
    await b.getByRole('option', { name: 'School Chain', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Group', exact: true }).fill('Sahyadri');
    await b.getByRole('option', { name: new RegExp(GROUP) }).click();
    await dialog.getByRole('button', { name: 'Join Group' }).click();
    await expect(dialog).toContainText(
      `Please wait for your pending join request to "${GROUP}" to be processed`,
    );
  });

  await test.step('A approves from the bell; B is welcomed live and sees the group', async () => {
    await a.reload();
    const bell = a.getByRole('button', { name: /Notifications \(\d+ unread\)/ });
    await expect(bell).toBeVisible();
    await bell.click();
    const panel = a.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toContainText('New Join Request');
    await expect(panel).toContainText(
      `Vikram Joshi (Schooliko Development Institute) asks to join ${GROUP}.`,
    );
    await panel.getByRole('button', { name: 'Approve' }).first().click();
    await expect(toast(a)).toContainText(/approved/i);

    const welcome = b.locator('.MuiSnackbar-root .MuiAlert-colorSuccess');
    await expect(welcome).toContainText('Join Request Approved', { timeout: 20_000 });
    await expect(welcome).toContainText(`Welcome to ${GROUP}! You can now access the group dashboard.`);
    await expect(dialog).toHaveCount(0, { timeout: 5_000 });
    const details = b.getByRole('region', { name: 'Your Group Details' });
    await expect(details).toContainText(GROUP);
    await expect(b.getByText('No group ID found in director data.', { exact: false })).toHaveCount(0);
    await b.screenshot({ path: `${SHOTS}-joined.png` });
  });

  await test.step('A edits the group and sees the change', async () => {
    await a.goto('/director');
    await a.getByRole('link', { name: 'Edit Group' }).click();
    await expect(a).toHaveURL(/\/director\/edit-group$/);
    await expect(main(a).getByLabel('Group Name')).toHaveValue(GROUP);
    await expect(main(a).getByRole('button', { name: 'Uploaded ✓' })).toBeVisible();
    await expect(main(a).getByText('CBSE', { exact: true })).toBeVisible();
    await main(a).getByLabel('Description').fill('Twelve schools across the Sahyadri foothills.');
    await a.getByRole('button', { name: 'Update Group' }).click();
    await expect(toast(a)).toContainText('Group updated successfully!');
    await expect(a).toHaveURL(/\/director$/);
    await expect(a.getByRole('region', { name: 'Your Group Details' })).toContainText(
      'Twelve schools across the Sahyadri foothills.',
    );
  });
});

test('the admin dashboard shows live figures and recent activity from the database', async ({ page }) => {
  await page.goto('/signin');
  await main(page).getByLabel('Email').fill('admin@schooliko.dev');
  await main(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
  await pick(page, 'Role', 'Admin');
  await main(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Complete Your Setup' })).toHaveCount(0);

  // The tiles count the school's records as School lists does (issue 32: not sign-in accounts),
  // and each opens its list.
  const office = await apiAs('localhost', 'admin@schooliko.dev', 'admin');
  const [school] = (await (await office.get('/api/branches')).json()).data.items as {
    students: number;
    teachers: number;
    guardians: number;
  }[];
  await office.dispose();
  expect(school?.students).toBeGreaterThan(1000);
  const tile = (name: string) => page.getByTestId('stat-card').filter({ hasText: name });
  await expect(tile('Students')).toContainText(school?.students.toLocaleString('en-US') ?? '');
  await expect(tile('Teachers')).toContainText(school?.teachers.toLocaleString('en-US') ?? '');
  await expect(tile('Parents')).toContainText(school?.guardians.toLocaleString('en-US') ?? '');
  await tile('Teachers').click();
  await expect(page).toHaveURL(/\/teacher$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // A new teacher signs up at the institute: the figures and the activity follow from the database.
  const pending = page.getByTestId('stat-card').filter({ hasText: 'Pending Approvals' });
  await expect(pending).toContainText(/\d/);
  const before = (await pending.textContent()) ?? '';
  const pendingBefore = Number(before.match(/\d+/)?.[0]);
  const api = await page.request.post('/api/auth/signUp', {
    data: {
      first_name: 'Ritu',
      last_name: 'Deshmukh',
      email: `e2e-ritu-${stamp}@example.com`,
      mobile: '9876543210',
      password: PASSWORD,
      confirm_password: PASSWORD,
      role: 'teacher',
    },
  });
  expect(api.ok()).toBe(true);
  await page.reload();
  await expect(pending).toContainText(String(pendingBefore + 1));
  await expect(page.getByTestId('recent-activity')).toContainText('Ritu Deshmukh signed up as Teacher');
  const quick = page.getByRole('region', { name: 'Quick Actions' });
  await expect(quick.getByText('Create Website')).toBeVisible();
  await expect(quick.getByText('Update Profile')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-admin.png` });
});
