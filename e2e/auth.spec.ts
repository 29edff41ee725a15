import { type Role, roleHome } from '../common/src/auth';
import { expect, type Page, test } from './fixtures';
import {
  approveSignUp,
  signUp as fillSignUp,
  main as form,
  mailedResetLink,
  originFor,
  PASSWORD,
  pick,
  signIn as signInAs,
  submitSignIn,
} from './helpers';

const ROLE_LABEL: Record<Role, string> = {
  admin: 'Admin',
  director: 'Director',
  teacher: 'Teacher',
  student: 'Student',
  parent: 'Parent',
};
const DEMO: { email: string; role: Role }[] = [
  { email: 'admin@schooliko.dev', role: 'admin' },
  { email: 'director@schooliko.dev', role: 'director' },
  { email: 'teacher@schooliko.dev', role: 'teacher' },
  { email: 'student@schooliko.dev', role: 'student' },
  { email: 'parent@schooliko.dev', role: 'parent' },
];

const toast = (page: Page) => page.locator('.MuiSnackbar-root');
/** The visible, typed part of the title (the heading also holds a hidden copy that keeps its size). */
const typed = (page: Page) => page.getByRole('heading', { level: 1 }).locator('span').nth(1);

async function signIn(page: Page, email: string, role: Role, password = PASSWORD) {
  await submitSignIn(page, email, ROLE_LABEL[role], password);
}

async function signUp(page: Page, user: { first: string; last: string; email: string; role: Role }) {
  await fillSignUp(page, { ...user, role: ROLE_LABEL[user.role] });
}

async function pickRole(page: Page, role: Role) {
  await pick(page, 'Role', ROLE_LABEL[role]);
}

for (const { email, role } of DEMO) {
  // The gate signs in through the form once (the admin); the other roles run in the soak tier.
  test(`the demo ${role} signs in and lands on ${roleHome(role)}`, {
    tag: role === 'admin' ? [] : '@soak',
  }, async ({ page }) => {
    await page.goto('/signin');
    await signIn(page, email, role);
    // One read of the whole toast: it is brief (2.5 s), and two reads can straddle its end.
    await expect(toast(page)).toContainText(/Welcome Back![\s\S]*Successfully signed in! Redirecting\.\.\./);
    await expect(page).toHaveURL(roleHome(role));
    // Read while home loads, then gone (it used to stay 6 s over the loaded page: issue 32).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(toast(page)).toBeHidden({ timeout: 3000 });

    // Signed in, the auth pages send the person home.
    await page.goto('/signup');
    await expect(page).toHaveURL(roleHome(role));
  });
}

test('the sign-in page shows the institute on its own host, and /signIn leads to it', {
  tag: '@soak',
}, async ({ page }) => {
  await page.goto('/signIn');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(
    'Schooliko Development Institute',
  );
  await expect(page.getByText('Learning that grows with every child')).toBeVisible();
  await expect(page.getByAltText('Schooliko Development Institute logo')).toBeVisible();
  await expect(page.getByText('Using default institute data')).toHaveCount(0);
  // The typed title finishes the name (150 ms a character), holds it, and starts over.
  await expect(typed(page)).toHaveText('Schooliko Development Institute', { timeout: 8000 });
  await expect(form(page).getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await expect(form(page).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('button', { name: /google/i })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/auth-signin-dev.png', fullPage: true });

  await page.goto(`${originFor('greenvalley.localhost')}/signin`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName('Green Valley Public School');
  await expect(page.getByText('Rooted in values, reaching for the sky')).toBeVisible();
  await expect(typed(page)).toHaveText('Green Valley Public School', { timeout: 8000 });
  await page.screenshot({ path: '/tmp/auth-signin-greenvalley.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/auth-signin-phone.png', fullPage: true });
});

test('an unknown host warns about default data and stops a non-admin sign-in', { tag: '@soak' }, async ({
  page,
}) => {
  await page.goto(`${originFor('nowhere.localhost')}/signin`);
  await expect(page.getByText('Using default institute data')).toBeVisible();
  await signIn(page, 'student@schooliko.dev', 'student');
  await expect(form(page).getByRole('alert')).toHaveText(
    'Institute information not available. Please refresh the page.',
  );
  await expect(toast(page)).toContainText('Sign In Failed');
});

test('an empty sign-in shows each rule; editing a field clears its message', { tag: '@soak' }, async ({
  page,
}) => {
  await page.goto('/signin');
  await form(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(form(page).getByText('Email is required')).toBeVisible();
  await expect(form(page).getByText('Password is required')).toBeVisible();
  await expect(form(page).getByText('Please select a role')).toBeVisible();

  await form(page).getByLabel('Email').fill('not-an-email');
  await expect(form(page).getByText('Email is required')).toHaveCount(0);
  await form(page).getByLabel('Password', { exact: true }).fill('abc');
  await form(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(form(page).getByText('Please enter a valid email address')).toBeVisible();
  await expect(form(page).getByText('Password must be at least 6 characters')).toBeVisible();

  // Show/hide password.
  const password = form(page).getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await form(page).getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
});

test('the auth pages speak Hindi and Marathi, messages included', { tag: '@soak' }, async ({ page }) => {
  await page.goto('/signin');
  await form(page).getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'हिन्दी' }).click();
  await expect(form(page).getByRole('heading', { level: 2 })).toHaveText('साइन इन करें');
  await form(page).getByRole('button', { name: 'साइन इन करें' }).click();
  await expect(form(page).getByText('ईमेल आवश्यक है')).toBeVisible();
  await expect(form(page).getByText('कृपया एक भूमिका चुनें')).toBeVisible();
  await page.screenshot({ path: '/tmp/auth-signin-hi.png' });

  await form(page).getByRole('combobox', { name: 'भाषा' }).click();
  await page.getByRole('option', { name: 'मराठी' }).click();
  await expect(form(page).getByText('ईमेल आवश्यक आहे')).toBeVisible();
  await page.reload();
  await expect(form(page).getByRole('heading', { level: 2 })).toHaveText('साइन इन करा');
});

test('a wrong password shows the inline alert and the Sign In Failed toast', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, 'admin@schooliko.dev', 'admin', 'Wrong-password-1');
  await expect(form(page).getByRole('alert')).toHaveText('Invalid email or password');
  await expect(toast(page)).toContainText('Sign In Failed');
  await expect(toast(page)).toContainText('Invalid email or password');
  await expect(page).toHaveURL(/\/signin$/);
  await page.screenshot({ path: '/tmp/auth-signin-failed.png' });
});

test('the right password with a role the person lacks signs them in as a role they hold, and says so', {
  tag: '@soak',
}, async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, 'teacher@schooliko.dev', 'student');
  await expect(page).toHaveURL(roleHome('teacher'));
  await expect(toast(page)).toContainText(
    'You do not have this role at this institute. You are signed in with a role you hold.',
  );
});

test('sign-up checks every field, then creates the account and goes to sign in', { tag: '@soak' }, async ({
  page,
}) => {
  await page.goto('/signup');
  await form(page).getByRole('button', { name: 'Sign Up' }).click();
  for (const message of [
    'First name is required',
    'Last name is required',
    'Email is required',
    'Mobile number is required',
    'Password is required',
    'Please confirm your password',
    'Please select a role',
  ]) {
    await expect(form(page).getByText(message)).toBeVisible();
  }
  await form(page).getByLabel('Mobile Number').fill('12345');
  await form(page).getByRole('button', { name: 'Sign Up' }).click();
  await expect(form(page).getByText('Please enter a valid 10-digit mobile number')).toBeVisible();

  await form(page).getByLabel('First Name').fill('Meera');
  await form(page).getByLabel('Last Name').fill('Rao');
  await form(page).getByLabel('Email').fill('meera@example.com');
  await pickRole(page, 'director');
  await form(page).getByLabel('Mobile Number').fill('9876543210');
  await form(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form(page).getByLabel('Confirm Password').fill('Different@123');
  await form(page).getByRole('button', { name: 'Sign Up' }).click();
  await expect(form(page).getByText('Passwords do not match')).toBeVisible();
  await page.screenshot({ path: '/tmp/auth-signup.png', fullPage: true });

  // The admin's own email, password and role: they already hold it, the server's message shows.
  await signUp(page, { first: 'Ananya', last: 'Iyer', email: 'admin@schooliko.dev', role: 'admin' });
  await expect(toast(page)).toContainText('Sign Up Failed');
  await expect(toast(page)).toContainText(
    'You already have this role at this institute. Please sign in instead.',
  );
  await expect(page).toHaveURL(/\/signup$/);

  // The institute has an active admin, so a new director waits for that admin's approval.
  const email = `e2e-director-${Date.now()}@example.com`;
  await signUp(page, { first: 'Meera', last: 'Rao', email, role: 'director' });
  await expect(toast(page)).toContainText('Welcome!');
  await expect(toast(page)).toContainText(
    "Account created. You can sign in once the institute's admin approves your request.",
  );
  await expect(page).toHaveURL(/\/signin$/);
  await approveSignUp('localhost', email, 'director');
  await signIn(page, email, 'director');
  await expect(page).toHaveURL(roleHome('director'));
});

test('a sign-up with a known email and another password looks like any sign-up; the owner is mailed', {
  tag: '@soak',
}, async ({ page }) => {
  await page.goto('/signup');
  await form(page).getByLabel('First Name').fill('Someone');
  await form(page).getByLabel('Last Name').fill('Else');
  await form(page).getByLabel('Email').fill('parent@schooliko.dev');
  await pickRole(page, 'student');
  await form(page).getByLabel('Mobile Number').fill('9876543210');
  await form(page).getByLabel('Password', { exact: true }).fill('Another@123');
  await form(page).getByLabel('Confirm Password').fill('Another@123');
  await form(page).getByRole('button', { name: 'Sign Up' }).click();
  await expect(toast(page)).toContainText('Welcome!');
  await expect(toast(page)).toContainText("once the institute's admin approves your request");
  await expect(page).toHaveURL(/\/signin$/);
  await expect
    .poll(async () => {
      const answer = await page.request.get('/api/dev/outbox?to=parent%40schooliko.dev&limit=1');
      return ((await answer.json()) as { data: { items: { subject: string }[] } }).data.items[0]?.subject;
    })
    .toBe('Someone tried to sign up at Schooliko Development Institute with your email');
});

test('a student signs up, is refused until the admin approves from the bell, then signs in', {
  tag: '@soak',
}, async ({ page, browser }) => {
  const email = `e2e-student-${Date.now()}@example.com`;
  await signUp(page, { first: 'Kabir', last: 'Shah', email, role: 'student' });
  await expect(toast(page)).toContainText('Welcome!');
  await expect(toast(page)).toContainText("once the institute's admin approves your request");
  await expect(page).toHaveURL(/\/signin$/);
  await signIn(page, email, 'student');
  await expect(form(page).getByRole('alert')).toContainText('awaiting approval');
  await expect(page).toHaveURL(/\/signin$/);

  // The admin, in a browser of their own, approves the request from the notification bell.
  const admin = await (await browser.newContext({ baseURL: originFor('localhost') })).newPage();
  await signInAs(admin, 'admin@schooliko.dev', 'Admin');
  await admin.getByRole('button', { name: /^Notifications/ }).click();
  const request = admin
    .getByRole('dialog', { name: 'Notifications' })
    .getByTestId('notification-item')
    .filter({ hasText: email });
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(request.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await admin.context().close();

  await page.reload();
  await signIn(page, email, 'student');
  await expect(page).toHaveURL(/\/student$/);
});

test('guards: sign in first and come back; a student opening /admin is denied', async ({ page }) => {
  await page.goto('/teacher');
  await expect(page).toHaveURL(/\/signin$/);
  await signIn(page, 'teacher@schooliko.dev', 'teacher');
  await expect(page).toHaveURL(/\/teacher$/);

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/signin');
  await signIn(page, 'student@schooliko.dev', 'student');
  await expect(page).toHaveURL(roleHome('student'));
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
});

test('a reload keeps the person signed in through the refresh cookie', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, 'parent@schooliko.dev', 'parent');
  await expect(page).toHaveURL(/\/parent$/);
  const refreshed = page.waitForResponse(
    (r) => r.url().endsWith('/api/auth/refresh') && r.request().method() === 'POST',
  );
  await page.reload();
  expect((await refreshed).status()).toBe(200);
  await expect(page).toHaveURL(/\/parent$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
});

test('the token watch refreshes silently before the access token runs out', { tag: '@soak' }, async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/signin');
  await signIn(page, 'teacher@schooliko.dev', 'teacher');
  await expect(page).toHaveURL(/\/teacher$/);
  const refreshed = page.waitForResponse(
    (r) => r.url().endsWith('/api/auth/refresh') && r.request().method() === 'POST',
  );
  // 15-minute tokens: eleven minutes on, 300 s or less are left.
  await page.clock.fastForward('11:00');
  expect((await refreshed).status()).toBe(200);
  await expect(page).toHaveURL(/\/teacher$/);
});

test('forgot password mails a link; the reset sets a new password to sign in with', { tag: '@soak' }, async ({
  page,
}) => {
  const email = `e2e-reset-${Date.now()}@example.com`;
  await signUp(page, { first: 'Ravi', last: 'Kumar', email, role: 'director' });
  await expect(page).toHaveURL(/\/signin$/);
  await approveSignUp('localhost', email, 'director');

  await form(page).getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await form(page).getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(form(page).getByText('Email is required')).toBeVisible();
  await form(page).getByLabel('Email').fill(email);
  await form(page).getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(form(page).getByRole('status')).toHaveText(
    'If an account exists for this email, a password reset link has been sent to it.',
  );

  const link = await mailedResetLink(page, email);

  await page.goto('/reset-password');
  await expect(form(page).getByRole('alert')).toContainText('Invalid or missing reset token');

  await page.goto(link);
  await form(page).getByLabel('New Password').fill('short');
  await form(page).getByLabel('Confirm Password').fill('short');
  await form(page).getByRole('button', { name: 'Reset Password' }).click();
  await expect(form(page).getByText('Password must be at least 8 characters')).toBeVisible();
  await form(page).getByLabel('New Password').fill('Brand-new-pass-9');
  await form(page).getByLabel('Confirm Password').fill('Brand-new-pass-9');
  await form(page).getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(toast(page)).toContainText('Your password has been reset.');

  await signIn(page, email, 'director', PASSWORD);
  await expect(form(page).getByRole('alert')).toHaveText('Invalid email or password');
  await form(page).getByLabel('Password', { exact: true }).fill('Brand-new-pass-9');
  await form(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(roleHome('director'));

  // The link works once.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await form(page).getByLabel('New Password').fill('Another-pass-10');
  await form(page).getByLabel('Confirm Password').fill('Another-pass-10');
  await form(page).getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page)).toContainText('Reset Failed');
  await expect(form(page).getByRole('link', { name: 'Get a new link' })).toBeVisible();
});

test('spec 2.2: every auth page shows the footer at full width, on a desktop and at 390 px', {
  tag: '@soak',
}, async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/signin', '/signup', '/forgot-password', '/reset-password?token=abc']) {
      await page.goto(path);
      const footer = page.locator('footer');
      await expect(footer).toContainText('All rights reserved');
      await expect(footer).toBeInViewport();
      const box = await footer.boundingBox();
      expect({ path, x: box?.x, width: box?.width }).toEqual({ path, x: 0, width });
      if (path === '/signup') await page.screenshot({ path: `/tmp/auth-footer-${width}.png` });
    }
  }
});
