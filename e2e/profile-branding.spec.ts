import sharp from 'sharp';
import { expect, type Page, test } from './fixtures';
import { apiAs, main, originFor, signIn, watchFor } from './helpers';

/**
 * Issue 17 items 9 and 13: Update Profile covers the institute's name and branding (what the
 * setup dialog promises) and the office's public phone and email, which the site's "Reach us"
 * shows before the first publish. Each journey puts the demo institute back as it found it.
 */
const SHOTS = '/tmp/profile-branding';
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** Clicks a Save button and waits for the PUT it sends to succeed. */
async function saveAndWait(page: Page, button: ReturnType<Page['getByRole']>, path: string) {
  const answered = page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'PUT');
  await button.click();
  expect((await answered).status()).toBe(200);
}

/** A real picture of the given size (a few kB), as a file the page's input takes. */
async function picture(name: string, width: number, height: number, colour: string) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

type Branding = {
  institute_name: string;
  slogan: string | null;
  logo_url: string | null;
  cover_image_url: string | null;
  role_images: { role: string; image_url: string }[];
};

async function demoBranding(): Promise<Branding> {
  const api = await apiAs('localhost', 'admin@schooliko.dev', 'admin');
  try {
    return ((await (await api.get('/api/institutes/domain/localhost')).json()) as { data: Branding }).data;
  } finally {
    await api.dispose();
  }
}

async function restore(before: Branding) {
  const api = await apiAs('localhost', 'admin@schooliko.dev', 'admin');
  try {
    const roles = Object.fromEntries(
      ['admin', 'director', 'principal', 'student', 'parent'].map((role) => [
        role,
        before.role_images.find((r) => r.role === role)?.image_url ?? '',
      ]),
    );
    const res = await api.put('/api/profile/branding', {
      data: {
        institute_name: before.institute_name,
        slogan: before.slogan ?? '',
        logo_url: before.logo_url ?? '',
        cover_image_url: before.cover_image_url ?? '',
        role_images: roles,
      },
    });
    expect(res.status()).toBe(200);
  } finally {
    await api.dispose();
  }
}

test('an admin changes the name, slogan, logo, cover and a role image on Update Profile; they show at once', {
  tag: '@soak',
}, async ({ page, browser }) => {
  const before = await demoBranding();
  try {
    await signIn(page, 'admin@schooliko.dev', 'Admin');
    // The setup dialog's promise (issue 17 item 9) is what the page holds.
    await page.goto('/update-profile');
    const form = page.getByRole('form', { name: 'Name and branding' });
    await expect(form.getByRole('textbox', { name: 'Institute name' })).toHaveValue(before.institute_name);

    // Refused here before anything is sent: not an image, and a logo over 1 MB.
    const logoInput = form.getByLabel('Logo', { exact: true });
    await logoInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect(form.getByText('Please select a valid image file (JPG, PNG, GIF, WebP)')).toBeVisible();
    await logoInput.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(1_300_000, 1),
    });
    await expect(form.getByText('Image size should be less than 1MB. Current size: 1.24MB')).toBeVisible();

    // A logo, a cover and the principal's card picture upload as they are chosen, with progress.
    const sawProgress = await watchFor(page, '[role="progressbar"]');
    await logoInput.setInputFiles(await picture('logo.png', 600, 600, '#b71c1c'));
    const logoPreview = form.getByRole('img', { name: 'Logo preview' });
    await expect(logoPreview).toHaveAttribute(
      'src',
      /^\/uploads\/branding\/[0-9a-f-]+\/logo\/[0-9a-f]{32}\.png$/,
    );
    expect(await sawProgress()).toBe(true);
    await form
      .getByLabel('Cover image', { exact: true })
      .setInputFiles(await picture('cover.png', 1600, 500, '#0d47a1'));
    await expect(form.getByRole('img', { name: 'Cover image preview' })).toHaveAttribute('src', /\/cover\//);
    await form
      .getByLabel('Principal', { exact: true })
      .setInputFiles(await picture('p.png', 360, 240, '#1b5e20'));
    await expect(form.getByRole('img', { name: 'Principal preview' })).toHaveAttribute(
      'src',
      /\/roles\/principal\//,
    );

    await form.getByRole('textbox', { name: 'Institute name' }).fill('Sahyadri Public School');
    await form.getByRole('textbox', { name: 'Slogan' }).fill('Curious, capable, kind');
    await page.screenshot({ path: `${SHOTS}-form.png`, fullPage: true });
    await form.getByRole('button', { name: 'Save branding' }).click();
    await expect(toast(page, 'Name, logo and images saved')).toBeVisible();

    // The top bar shows the new name and logo without a reload.
    const banner = page.getByRole('banner');
    await expect(banner.getByText('Sahyadri Public School')).toBeVisible();
    const logoUrl = await logoPreview.getAttribute('src');
    await expect(banner.locator(`img[src="${logoUrl}"]`)).toBeVisible();

    // A visitor's landing page has it at once too (the server's branding cache forgot it).
    const visitor = await browser.newPage();
    await visitor.goto(`${originFor('localhost')}/`);
    await expect(visitor.getByRole('img', { name: 'Sahyadri Public School logo' })).toHaveAttribute(
      'src',
      logoUrl ?? '',
    );
    await expect(visitor.getByText('Curious, capable, kind')).toBeVisible();
    await visitor.close();

    // On a phone the pictures stack and stay inside the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await form.getByRole('img', { name: 'Principal preview' }).scrollIntoViewIfNeeded();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}-form-390.png` });
    await page.setViewportSize({ width: 1280, height: 720 });

    // Removing the cover and saving leaves none.
    await form.getByRole('button', { name: 'Remove Cover image' }).click();
    await expect(form.getByRole('img', { name: 'Cover image preview' })).toHaveCount(0);
    await saveAndWait(page, form.getByRole('button', { name: 'Save branding' }), '/api/profile/branding');
    expect((await demoBranding()).cover_image_url).toBeNull();
  } finally {
    await restore(before);
  }
});

test("the office's public phone and email from Update Profile show in the unpublished site's Reach us", {
  tag: '@soak',
}, async ({ page, browser }) => {
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await page.goto('/update-profile');
  const contact = page.getByRole('form', { name: 'Update Profile' });
  const phone = contact.getByRole('textbox', { name: 'Public phone (shown on your website)' });
  const email = contact.getByRole('textbox', { name: 'Public email (shown on your website)' });
  await expect(
    main(page).getByText("Give the office's, not a personal number.", { exact: false }),
  ).toBeVisible();
  await phone.fill('12345');
  await contact.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(contact.getByText('Please enter a valid phone number (10 to 15 digits)')).toBeVisible();
  await phone.fill('020 2553 4411');
  await email.fill('office@sahyadri.example.in');
  await contact.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Contact information saved')).toBeVisible();

  try {
    const visitor = await browser.newPage();
    await visitor.goto(`${originFor('localhost')}/about`);
    await expect(visitor.getByText('is being prepared')).toBeVisible();
    const footer = visitor.locator('footer');
    await expect(footer.getByText('Reach us')).toBeVisible();
    await expect(footer.getByRole('link', { name: '020 2553 4411' })).toHaveAttribute(
      'href',
      'tel:02025534411',
    );
    await expect(footer.getByRole('link', { name: 'office@sahyadri.example.in' })).toHaveAttribute(
      'href',
      'mailto:office@sahyadri.example.in',
    );
    await visitor.screenshot({ path: `${SHOTS}-reach-us.png`, fullPage: true });
    await visitor.setViewportSize({ width: 390, height: 844 });
    await footer.getByText('Reach us').scrollIntoViewIfNeeded();
    await visitor.screenshot({ path: `${SHOTS}-reach-us-390.png` });
    await visitor.close();
  } finally {
    // Empty again: the site shows nothing to reach the institute by (e2e/website.spec.ts).
    await phone.fill('');
    await email.fill('');
    await saveAndWait(page, contact.getByRole('button', { name: 'Save', exact: true }), '/api/profile');
  }
  const visitor = await browser.newPage();
  await visitor.goto(`${originFor('localhost')}/about`);
  await expect(visitor.getByText('is being prepared')).toBeVisible();
  await expect(visitor.getByText('Reach us')).toHaveCount(0);
  await visitor.close();
});
