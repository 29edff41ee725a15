import { OAuth2Server } from 'oauth2-mock-server';
import { expect, type Page, test } from './fixtures';
import { main, PASSWORD, pick } from './helpers';

/**
 * "Continue with Google" against a local OpenID provider that approves every request (the e2e
 * server's GOOGLE_ISSUER_URL points at it, e2e/servers.ts): the provider says who the person
 * is through the claims of its next ID token.
 */
const provider = new OAuth2Server();
let person: Record<string, unknown> = {};

test.beforeAll(async ({ server }) => {
  await provider.issuer.keys.generate('RS256');
  await provider.start(server.googlePort, 'localhost');
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    if ('nonce' in token.payload) Object.assign(token.payload, person);
  });
});
test.afterAll(() => provider.stop());

const toast = (page: Page) => page.locator('.MuiSnackbar-root');

test('a member continues with Google and lands on their home, signed in', async ({ page }) => {
  person = {
    email: 'teacher@schooliko.dev',
    email_verified: true,
    given_name: 'Demo',
    family_name: 'Teacher',
  };
  await page.goto('/signin');
  await pick(page, 'Role', 'Teacher');
  await main(page).getByRole('link', { name: 'Continue with Google' }).click();
  // Brief (2.5 s): read before waiting on anything else.
  await expect(toast(page)).toContainText('Successfully signed in! Redirecting...');
  await expect(page).toHaveURL('/teacher');
  // The session survives a reload: it is the refresh cookie's, like a password sign-in's.
  await page.reload();
  await expect(page).toHaveURL('/teacher');
});

test('a new email comes back to sign-up with what Google verified, and waits for approval', {
  tag: '@soak',
}, async ({ page }) => {
  const email = `google.${Date.now()}@example.com`;
  person = { email, email_verified: true, given_name: 'Kavya', family_name: 'Iyer' };
  await page.goto('/signup');
  await pick(page, 'Role', 'Parent');
  await main(page).getByRole('link', { name: 'Sign up with Google' }).click();
  await expect(page).toHaveURL('/signup');
  await expect(main(page).getByRole('alert').or(main(page).locator('.MuiAlert-standardInfo'))).toContainText(
    'No account here uses this Google email yet.',
  );
  await expect(main(page).getByLabel('First Name')).toHaveValue('Kavya');
  await expect(main(page).getByLabel('Last Name')).toHaveValue('Iyer');
  await expect(main(page).getByLabel('Email')).toHaveValue(email);
  await pick(page, 'Role', 'Parent');
  await main(page).getByLabel('Mobile Number').fill('9876543210');
  await main(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
  await main(page).getByLabel('Confirm Password').fill(PASSWORD);
  await page.screenshot({ path: test.info().outputPath('google-signup-prefilled.png') });
  await main(page).getByRole('button', { name: 'Sign Up' }).click();
  await expect(toast(page)).toContainText(
    "You can sign in once the institute's admin approves your request.",
  );
});

test('an email Google has not verified ends on the sign-in page with a clear message', {
  tag: '@soak',
}, async ({ page }) => {
  person = { email: 'teacher@schooliko.dev', email_verified: false };
  await page.goto('/signin');
  await main(page).getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL('/signin');
  await expect(main(page).getByRole('alert')).toContainText(
    'Your Google account has no verified email address.',
  );
});
