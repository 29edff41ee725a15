import { todayInIndia } from '@schooliko/common/kit/dates';
import { expect, type Page, test } from './fixtures';
import { apiAs, originFor } from './helpers';

const PASSWORD = 'Schooliko@123';
const SHOTS = '/tmp/website';
const VISION = 'Every child curious, capable and kind — at home in two languages and ready for the world.';

async function signInAsAdmin(page: Page) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill('admin@schooliko.dev');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Admin', exact: true }).click();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).not.toHaveURL(/\/signin/);
}

/**
 * Chooses `option` in the select `field` from the keyboard once its list is open: a click could
 * land on a neighbour while the list still grows and scrolls into place on a busy machine.
 */
async function choose(page: Page, field: string, option: string) {
  const select = page.getByRole('combobox', { name: field });
  await select.click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(select).toHaveText(option);
}

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test('an admin builds, previews and publishes the website; a visitor reads it and sends an admission enquiry', {
  tag: '@soak',
}, async ({ page, browser }) => {
  // The longest journey of the suite (builder, preview, publish, six public pages, an enquiry):
  // about a minute on 2 cores, so it gets twice the default time.
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await page.goto('/create-website');
  await expect(page.getByRole('heading', { name: 'Create Website', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Create Website');

  // Basic information: the name starts from the branding; only School can be picked.
  const name = page.getByRole('textbox', { name: /^Institute name/ });
  await expect(name).toHaveValue('Schooliko Development Institute');
  await name.fill('Sahyadri Vidya Niketan');
  await page
    .getByRole('textbox', { name: 'Tagline', exact: true })
    .fill('Rooted in values, reaching for the sky');
  await page
    .getByRole('textbox', { name: 'About the institute', exact: true })
    .fill(
      'Sahyadri Vidya Niketan is a co-educational CBSE school in the heart of Pune, founded in 1998. ' +
        'We teach from nursery to class 12 with small classes, caring teachers and a campus full of green.',
    );
  await page.getByRole('combobox', { name: 'Institute type' }).click();
  await expect(page.getByRole('option', { name: 'College' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('option', { name: 'School', exact: true }).click();
  await choose(page, 'School type', 'CBSE');
  await choose(page, 'Education board', 'Central Board of Secondary Education (CBSE)');
  await choose(page, 'Medium of instruction', 'English');
  await page.getByRole('textbox', { name: 'Established in (year)', exact: true }).fill('1998');

  // Contact: the pincode fills city and state.
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('14 Ganeshkhind Road, Shivajinagar');
  await page.getByRole('textbox', { name: 'Pincode', exact: true }).fill('411001');
  await expect(page.getByText('Location found and auto-filled')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Pune');
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveText('Maharashtra');
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('020 2553 4411');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('office@sahyadri.example.in');
  await page.getByRole('textbox', { name: 'Latitude', exact: true }).fill('18.5308');
  await page.getByRole('textbox', { name: 'Longitude', exact: true }).fill('73.8475');
  await page.getByRole('textbox', { name: 'Facebook', exact: true }).fill('@sahyadrividya');
  await page.getByRole('textbox', { name: 'YouTube', exact: true }).fill('@SahyadriVidyaNiketan');

  // An admin sees the group choice but cannot change it (directors only).
  await expect(page.getByRole('radio', { name: 'Create own group' })).toBeDisabled();
  await expect(page.getByText('Only directors can join or create a group of institutes.')).toBeVisible();

  // 'Are you the Principal?' fills the name only; the admin's sign-in email and mobile go into the
  // public fields only by the button under the note that says they will be public.
  const principalEmail = page.getByRole('textbox', { name: "Principal's public email", exact: true });
  const principalPhone = page.getByRole('textbox', { name: "Principal's public phone", exact: true });
  await page.getByLabel('Are you the Principal?').check();
  await expect(page.getByRole('textbox', { name: "Principal's name", exact: true })).toHaveValue(
    'Ananya Iyer',
  );
  await expect(principalEmail).toHaveValue('');
  await expect(principalPhone).toHaveValue('');
  await expect(page.getByText('Visitors see all of this on the About page.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Show my sign-in email and mobile' }).click();
  await expect(principalEmail).toHaveValue('admin@schooliko.dev');
  // The admin thinks better of it and gives the office's address instead.
  await principalEmail.fill('principal@sahyadri.example.in');
  await principalPhone.fill('');
  await page.getByRole('textbox', { name: 'Qualification', exact: true }).fill('M.A., M.Ed.');
  await page
    .getByRole('textbox', { name: "Principal's message", exact: true })
    .fill('Every child who walks through our gates is known by name. Come and see us at work.');

  await page.getByRole('textbox', { name: 'Total students', exact: true }).fill('1240');
  await page.getByRole('textbox', { name: 'Total teachers', exact: true }).fill('62');
  await page.getByRole('textbox', { name: 'Total classes', exact: true }).fill('36');
  for (const facility of [
    'Science laboratories',
    'Library with 12,000 books',
    'Playground and sports',
    'Smart classrooms',
  ]) {
    await page.getByRole('textbox', { name: 'Facility', exact: true }).fill(facility);
    await page.getByRole('textbox', { name: 'Facility', exact: true }).press('Enter');
  }
  await page
    .getByRole('textbox', { name: 'Achievement', exact: true })
    .fill('Maharashtra State Science Fair winners, 2024');
  await page.getByRole('button', { name: 'Add' }).nth(1).click();
  await page.getByRole('textbox', { name: 'Vision', exact: true }).fill(VISION);
  await page
    .getByRole('textbox', { name: 'Mission', exact: true })
    .fill('To teach with patience, rigour and joy.');
  await page.getByLabel(/^Online admission/).check();
  await page.getByRole('textbox', { name: 'Theme colour', exact: true }).fill('#1b5e20');
  await page
    .getByRole('textbox', { name: 'Banner image URL', exact: true })
    .fill('/images/covers/greenvalley-cover.jpg');

  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(toast(page, 'Draft saved')).toBeVisible();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-builder.png` });

  // On a phone the builder keeps its height: the action bar is compact and the only bar in view
  // (the footer follows the page there); on a laptop the footer stays fixed under the bar.
  const footer = page.locator('footer');
  const bar = page.getByRole('button', { name: 'Save Draft' }).locator('xpath=..');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('textbox', { name: 'Vision', exact: true }).scrollIntoViewIfNeeded();
  expect(await footer.evaluate((el) => getComputedStyle(el).position)).toBe('static');
  const phoneBar = await bar.boundingBox();
  expect(phoneBar?.height).toBeLessThanOrEqual(90);
  expect(Math.round((phoneBar?.y ?? 0) + (phoneBar?.height ?? 0))).toBe(844);
  await expect(page.getByRole('button', { name: 'Dashboard', exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-builder-390.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
  expect(await footer.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');

  // Preview: a new tab with the draft, before anything is published.
  const [preview] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Preview' }).click(),
  ]);
  await preview.waitForURL(/\/homepage\?preview=1$/);
  await expect(preview.getByRole('heading', { level: 1, name: 'Sahyadri Vidya Niketan' })).toBeVisible();
  await expect(preview.getByText('Preview of your saved draft.')).toBeVisible();
  // The preview names every email and phone the site will show, and its About page shows them.
  await expect(
    preview.getByText(
      'Emails and phones visitors will see: office@sahyadri.example.in, 020 2553 4411, principal@sahyadri.example.in',
    ),
  ).toBeVisible();
  await preview.screenshot({ path: `${SHOTS}-preview.png`, fullPage: true });
  await preview.getByRole('navigation', { name: 'Site pages' }).getByRole('link', { name: 'About' }).click();
  await expect(preview).toHaveURL(/\/about\?preview=1$/);
  await expect(preview.getByRole('link', { name: 'principal@sahyadri.example.in' })).toBeVisible();
  await expect(preview.getByText('admin@schooliko.dev')).toHaveCount(0);
  await preview.close();

  // Before Create a visitor sees the branding and a note, not the draft.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${originFor('localhost')}/about`);
  await expect(visitor.getByText('is being prepared')).toBeVisible();
  await expect(visitor.getByText(VISION)).toHaveCount(0);
  // Nothing known to reach the institute by yet: no empty "Reach us", no empty band above the footer.
  await expect(visitor.getByText('Reach us')).toHaveCount(0);
  expect(await visitor.locator('footer').evaluate((el) => getComputedStyle(el).marginTop)).toBe('0px');
  await visitor.screenshot({ path: `${SHOTS}-not-published.png`, fullPage: true });

  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(toast(page, 'Your website is live!')).toBeVisible();
  await expect(page.getByText('Your website is live. Visitors see the published version.')).toBeVisible();
  // Once live the main button updates the site, and the time reads as the bell's (24 Nov 2026, 6:41 pm).
  await expect(page.getByRole('button', { name: 'Update', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create', exact: true })).toHaveCount(0);
  await expect(
    page.getByText(/^Last published \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m$/),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-published.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}-published-390.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByRole('link', { name: 'View live site' })).toHaveAttribute('href', '/homepage');

  // The visitor (no account) reads the published site.
  await visitor.goto(`${originFor('localhost')}/about`);
  await expect(visitor.getByText(VISION)).toBeVisible();
  await expect(visitor).toHaveTitle('About | Sahyadri Vidya Niketan');
  await expect(visitor.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /co-educational CBSE school/,
  );
  await expect(visitor.getByRole('heading', { name: 'Ananya Iyer' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'principal@sahyadri.example.in' })).toBeVisible();
  await expect(visitor.getByText('admin@schooliko.dev')).toHaveCount(0);
  await visitor.screenshot({ path: `${SHOTS}-about.png`, fullPage: true });

  // The calendar's public events show in the home page's Events block (the demo school opted in).
  const office = await apiAs('localhost', 'admin@schooliko.dev', 'admin');
  const today = todayInIndia();
  const openHouse = await office.post('/api/calendar/events', {
    data: {
      title: 'Open house for new admissions',
      kind: 'event',
      starts_on: today,
      ends_on: today,
      is_public: true,
    },
  });
  expect(openHouse.status()).toBe(201);
  await office.dispose();
  await visitor.getByRole('navigation', { name: 'Site pages' }).getByRole('link', { name: 'Home' }).click();
  await expect(visitor).toHaveURL(/\/homepage$/);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Sahyadri Vidya Niketan' })).toBeVisible();
  await expect(visitor.getByText('1,240')).toBeVisible();
  await expect(
    visitor.getByRole('region', { name: 'Upcoming events' }).getByText('Open house for new admissions'),
  ).toBeVisible();
  await visitor.screenshot({ path: `${SHOTS}-home.png`, fullPage: true });

  await visitor.goto(`${originFor('localhost')}/contact`);
  await expect(visitor.getByRole('link', { name: 'Open in map' })).toHaveAttribute(
    'href',
    /openstreetmap\.org\/\?mlat=18\.5308&mlon=73\.8475/,
  );
  await expect(visitor.getByRole('main').getByRole('link', { name: 'Facebook' })).toHaveAttribute(
    'href',
    'https://www.facebook.com/sahyadrividya',
  );
  await visitor.screenshot({ path: `${SHOTS}-contact.png`, fullPage: true });

  await visitor.goto(`${originFor('localhost')}/pay-fees`);
  await expect(visitor.getByText('Fees are paid at the institute office.')).toBeVisible();
  await expect(visitor.getByRole('button', { name: /pay/i })).toHaveCount(0);

  // An admission enquiry, checked and sent.
  await visitor.goto(`${originFor('localhost')}/admissions`);
  await visitor.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(visitor.getByText("Student's name is required")).toBeVisible();
  await visitor.getByRole('textbox', { name: "Student's name", exact: true }).fill('Aarav Patil');
  await expect(visitor.getByText("Student's name is required")).toHaveCount(0);
  await visitor.getByRole('textbox', { name: 'Class sought', exact: true }).fill('Class 5');
  await visitor.getByRole('textbox', { name: "Parent's name", exact: true }).fill('Sneha Patil');
  await visitor.getByRole('textbox', { name: 'Mobile number', exact: true }).fill('98765 43210');
  await expect(visitor.getByRole('textbox', { name: 'Mobile number', exact: true })).toHaveValue(
    '9876543210',
  );
  await visitor.screenshot({ path: `${SHOTS}-admissions.png`, fullPage: true });
  await visitor.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(visitor.getByText('Thank you! Your enquiry has been received.')).toBeVisible();
  await visitorContext.close();

  // The admin hears of it.
  await page.goto('/admin');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(
    page.getByRole('dialog', { name: 'Notifications' }).getByText('New admission enquiry'),
  ).toBeVisible();
});

test('Update Profile fills city and state from the pincode and saves the contact information', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/update-profile');
  await expect(page.getByRole('heading', { name: 'Update Profile', level: 1 })).toBeVisible();

  const pincode = page.getByRole('textbox', { name: 'Pincode', exact: true });
  await pincode.pressSequentially('99x9999');
  await expect(pincode).toHaveValue('999999');
  await expect(page.getByText('Invalid pincode - no data found for this pincode')).toBeVisible();

  await pincode.fill('411001');
  await expect(page.getByText('Location found and auto-filled')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Pune');
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveText('Maharashtra');
  // A pincode no place has clears the city and state the last one filled in, so they are not saved with it.
  await pincode.fill('999999');
  await expect(page.getByText('Invalid pincode - no data found for this pincode')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('');
  await expect(page.locator('input[name="state"]')).toHaveValue('');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('textbox', { name: 'City', exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}-profile-bad-pincode-390.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
  await pincode.fill('411001');
  await expect(page.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Pune');

  // Enter in a field does not submit; a bad website shows its error, which clears on edit.
  await page.getByRole('textbox', { name: 'Website URL', exact: true }).fill('sahyadri.example.in');
  await page.getByRole('textbox', { name: 'Landmark', exact: true }).fill('Opposite the university gate');
  await page.getByRole('textbox', { name: 'Landmark', exact: true }).press('Enter');
  await expect(page.getByText('Website URL should start with http:// or https://')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Website URL should start with http:// or https://')).toBeVisible();
  await page.getByRole('textbox', { name: 'Website URL', exact: true }).fill('https://sahyadri.example.in');
  await expect(page.getByText('Website URL should start with http:// or https://')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('14 Ganeshkhind Road, Shivajinagar');
  await page.getByRole('textbox', { name: 'Instagram', exact: true }).fill('@sahyadri.pune');
  await page.screenshot({ path: `${SHOTS}-profile.png` });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Contact information saved')).toBeVisible();

  // Changing the state clears city and pincode (spec 4.9); the saved copy stays until saved again.
  await choose(page, 'State', 'Karnataka');
  await expect(page.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('');
  await expect(pincode).toHaveValue('');
  // Leaving with unsaved changes asks first.
  const asked = page.waitForEvent('dialog');
  const reload = page.reload();
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
  await reload;
  await expect(page.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Pune');
  await expect(pincode).toHaveValue('411001');
});

test('a director chooses the group of spec 4.10; an admin opens a branch institute on its own address', {
  tag: '@soak',
}, async ({ page, browser }) => {
  await page.goto('/signin');
  await page.getByLabel('Email').fill('director@schooliko.dev');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Director', exact: true }).click();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).not.toHaveURL(/\/signin/);
  await page.goto('/create-website');

  // Part of a group: the list loads and marks the institute's current group.
  await page.getByRole('radio', { name: 'Part of a group', exact: true }).check();
  await page.getByRole('combobox', { name: 'Group', exact: true }).click();
  await expect(page.getByRole('option', { name: /current group/ })).toBeVisible();
  await page.getByRole('option', { name: /current group/ }).click();
  await expect(page.getByRole('combobox', { name: 'Group', exact: true })).toHaveText(/current group/);
  // Changing the choice clears the selection.
  await page.getByRole('radio', { name: 'Create own group' }).check();
  await expect(page.getByRole('textbox', { name: /^Group name/ })).toHaveValue('');
  await page.getByRole('radio', { name: 'Part of a group', exact: true }).check();
  await expect(page.getByRole('combobox', { name: 'Group', exact: true })).not.toHaveText(/current group/);
  await page.getByRole('radio', { name: 'Not part of a group' }).check();

  // An admin's Add Institute: a new branch on <label>.schooliko.localhost.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin/create-institute');
  await expect(admin.getByRole('heading', { name: 'Add Institute', level: 1 })).toBeVisible();
  await admin.getByRole('textbox', { name: /^Institute name/ }).fill('Sahyadri Vidya Niketan, Kharadi');
  await admin.getByRole('textbox', { name: 'Tagline', exact: true }).fill('Our second campus');
  await expect(admin.getByRole('textbox', { name: 'Address', exact: true }).first()).toBeVisible();
  await admin.getByRole('button', { name: 'Create Institute' }).click();
  await expect(admin.getByText('Sahyadri Vidya Niketan, Kharadi is ready')).toBeVisible();
  const address = 'sahyadri-vidya-niketan-kharadi.schooliko.localhost';
  await expect(admin.getByText(`http://${address}:`)).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}-branch.png` });
  await adminContext.close();

  // The new host serves the branch's branding and says its website is on its way.
  const visitor = await browser.newPage();
  await visitor.goto(`${originFor(address)}/homepage`);
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'Sahyadri Vidya Niketan, Kharadi' }),
  ).toBeVisible();
  await expect(visitor.getByText('is being prepared')).toBeVisible();
  await visitor.close();
});
