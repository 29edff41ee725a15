import sharp from 'sharp';
import { expect, type Page, test } from './fixtures';
import { originFor } from './helpers';

const BDR_EMAIL = 'bdr@schooliko.dev';
const DOMAIN = 'sunrise-academy.localhost';
const SLOGAN = 'Rise and shine with every lesson';
const shot = (name: string) => `/tmp/domain-registration-${name}.png`;

/** A picture with a label on a coloured ground, as a real PNG or JPEG file. */
async function picture(label: string, colour: string, format: 'png' | 'jpeg' = 'png') {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240">
    <rect width="100%" height="100%" fill="${colour}"/>
    <circle cx="160" cy="95" r="52" fill="#ffffff" fill-opacity="0.85"/>
    <text x="160" y="205" font-family="sans-serif" font-size="30" font-weight="700" fill="#ffffff" text-anchor="middle">${label}</text>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  const buffer = await (format === 'png' ? image.png() : image.jpeg()).toBuffer();
  return {
    name: `${label.toLowerCase()}.${format === 'png' ? 'png' : 'jpg'}`,
    mimeType: `image/${format}`,
    buffer,
  };
}

/** The code in the newest mail to the BDR, which goes just after the answer. */
async function latestCode(page: Page): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(BDR_EMAIL)}&limit=1`);
        const text: string = (await answer.json()).data.items[0]?.text ?? '';
        code = /\b(\d{6})\b/.exec(text)?.[1] ?? '';
        return code;
      },
      { message: 'a six-digit code in the mail to the BDR' },
    )
    .not.toBe('');
  return code;
}

test('a BDR registers a new institute on its own domain, which opens at once with its logo and slogan', {
  tag: '@soak',
}, async ({ page }) => {
  await page.goto(`${originFor('localhost')}/domain-registration`);
  await expect(page.getByRole('heading', { level: 1, name: 'Domain Registration' })).toBeVisible();
  // No signed-in top bar or sidebar here (spec 2.3).
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Check Availability' })).toHaveCount(0);
  // Registering before anything is verified says what to do first.
  await page.getByRole('button', { name: 'Register Domain' }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'Registration failed' });
  await expect(failure).toContainText('Please verify BDR with OTP first');
  await page.screenshot({ path: shot('1-start'), fullPage: true });

  // Step 1: BDR id (lower-cased as typed), a real code by mail, verification.
  const bdrId = page.getByLabel('BDR ID');
  await bdrId.fill('SCHOOLIKO_12');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(
    page.getByText('Invalid BDR ID format. Must be: schooliko_XXXXXXXXXX (10 digits)'),
  ).toBeVisible();
  await bdrId.fill('SCHOOLIKO_0000000001');
  await expect(bdrId).toHaveValue('schooliko_0000000001');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  // The same answer for any id, registered or not: the name comes with the verified code.
  await expect(
    page.getByText('If this BDR ID is registered, a 6-digit code was sent to its email address.'),
  ).toBeVisible();
  // The failed attempt's alert was about the state before the code was sent: it is gone.
  await expect(failure).toHaveCount(0);
  await expect(page.getByLabel('BDR name')).toHaveCount(0);
  await expect(page.getByRole('link', { name: '/dev/mail' })).toHaveAttribute('href', '/dev/mail');
  await expect(page.getByRole('button', { name: /Resend OTP in \d+ seconds/ })).toBeDisabled();
  await page.screenshot({ path: shot('2-otp-sent'), fullPage: true });

  const code = await latestCode(page);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await page.getByLabel('OTP', { exact: true }).fill(wrong);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('Invalid OTP. Please try again. (4 attempts left)').first()).toBeVisible();
  await page.getByLabel('OTP', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('BDR verified: Asha Verma')).toBeVisible();
  await expect(page.getByLabel('BDR name')).toHaveValue('Asha Verma');
  await expect(failure).toHaveCount(0);

  // Step 2: the domain, checked for availability.
  const domain = page.getByLabel('Domain name');
  await domain.fill('greenvalley.localhost');
  await page.getByRole('button', { name: 'Check Availability' }).click();
  await expect(
    page.getByText('Domain already exists in our database. Please choose a different domain.').first(),
  ).toBeVisible();
  await domain.fill('sunrise');
  await page.getByRole('button', { name: 'Check Availability' }).click();
  await expect(page.getByText(/^Invalid domain format\. Use formats like: /)).toBeVisible();
  await domain.fill('Sunrise-Academy.localhost');
  await page.getByRole('button', { name: 'Check Availability' }).click();
  await expect(page.getByText(`${DOMAIN} is available`).first()).toBeVisible();
  await page.screenshot({ path: shot('3-domain'), fullPage: true });

  // Editing the domain resets its verification: step 3 goes until it is checked again.
  await expect(page.getByLabel('Institute name')).toBeVisible();
  await domain.fill(`${DOMAIN}x`);
  await expect(page.getByLabel('Institute name')).toHaveCount(0);
  await domain.fill(DOMAIN);
  await page.getByRole('button', { name: 'Check Availability' }).click();
  await expect(page.getByLabel('Institute name')).toBeVisible();

  // Step 3: the institute and its logo.
  await page.getByRole('button', { name: 'Upload Logo' }).click();
  await expect(page.getByText('Institute name is required')).toBeVisible();
  await page.getByLabel('Institute name').fill('Sunrise Academy');
  await page.getByLabel('Contact person').fill('Meera Joshi');
  await page.getByLabel('Domain purchased from').click();
  await page.getByRole('option', { name: 'Hostinger' }).click();
  await page.getByLabel('Purchase date').fill('01/06/2025');
  await page.getByLabel('Slogan (optional)').fill(SLOGAN);
  await page.getByLabel('Also open the institute on a Schooliko subdomain').check();
  await expect(page.getByText('It will also open at sunrise-academy.schooliko.localhost')).toBeVisible();
  // A file that is not an image is refused before it is sent.
  await page.getByLabel('Institute logo', { exact: true }).setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(page.getByText('Please select a valid image file (JPG, PNG, GIF, WebP)')).toBeVisible();
  await page.getByLabel('Institute logo', { exact: true }).setInputFiles(await picture('SA', '#e65100'));
  await expect(page.getByAltText('Institute logo preview')).toBeVisible();
  await page.screenshot({ path: shot('4-institute'), fullPage: true });
  await page.getByRole('button', { name: 'Upload Logo' }).click();
  await expect(page.getByText('Logo uploaded successfully!')).toBeVisible();

  // Step 4: five role images; the bulk upload opens once all five are chosen.
  const uploadAll = page.getByRole('button', { name: 'Upload All Images' });
  await expect(uploadAll).toBeDisabled();
  const roles: [string, string][] = [
    ['Admin', '#00695c'],
    ['Director', '#283593'],
    ['Principal', '#6a1b9a'],
    ['Student', '#2e7d32'],
    ['Parent', '#ad1457'],
  ];
  for (const [i, [role, colour]] of roles.entries()) {
    await page
      .getByLabel(role, { exact: true })
      .setInputFiles(await picture(role, colour, i % 2 ? 'jpeg' : 'png'));
    if (i < roles.length - 1) await expect(uploadAll).toBeDisabled();
  }
  await expect(uploadAll).toBeEnabled();
  await page.screenshot({ path: shot('5-roles-chosen'), fullPage: true });
  await uploadAll.click();
  await expect(page.getByText('All role images uploaded successfully!')).toBeVisible();
  await page.screenshot({ path: shot('6-ready'), fullPage: true });

  // Register: the browser goes to the new domain, where the institute answers at once.
  await page.getByRole('button', { name: 'Register Domain' }).click();
  await expect(page.getByText('Domain registered successfully')).toBeVisible();
  await page.screenshot({ path: shot('7-registered'), fullPage: true });
  await page.waitForURL(`${originFor(DOMAIN)}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sunrise Academy');
  await expect(page.getByText(SLOGAN)).toBeVisible();
  const logo = page.getByAltText('Sunrise Academy logo');
  await expect(logo).toHaveAttribute(
    'src',
    /^\/uploads\/schooliko\/\d{4}_sunriseacademylocalh_\d{8}\/logo\/[0-9a-f]{32}\.png$/,
  );
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: shot('8-new-institute'), fullPage: true });

  // Its platform subdomain opens the same institute.
  await page.goto(originFor('sunrise-academy.schooliko.localhost'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sunrise Academy');
  // And the domain is no longer free.
  const check = await page.request.get('/api/domains/check-domain?domain_name=sunrise-academy.localhost');
  expect((await check.json()).exists).toBe(true);
});

test('the wizard reads in Hindi and Marathi', async ({ page }) => {
  await page.goto(`${originFor('localhost')}/domain-registration`);
  await page.getByLabel('Language').click();
  await page.getByRole('option', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('डोमेन पंजीकरण');
  await page.getByRole('button', { name: 'OTP भेजें' }).click();
  await expect(page.getByText('BDR आईडी आवश्यक है')).toBeVisible();
  await page.screenshot({ path: shot('hi'), fullPage: true });
  await page.getByLabel('भाषा').click();
  await page.getByRole('option', { name: 'मराठी' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('डोमेन नोंदणी');
  await expect(page.getByText('BDR आयडी आवश्यक आहे')).toBeVisible();
});
