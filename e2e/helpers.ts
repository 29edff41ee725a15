import { expect, type Page, request } from '@playwright/test';

/** Every demo account's password (README, "Demo accounts"). */
export const PASSWORD = 'Schooliko@123';

/** The app's origin for a host name, on the port the e2e server listens on. */
export function originFor(host: string): string {
  return `http://${host}:${process.env.E2E_PORT ?? 3100}`;
}

/** The page's main region: forms live there, apart from the top bar and the sidebar. */
export const main = (page: Page) => page.getByRole('main');

/** Chooses `option` in the MUI select labelled `label`. */
export async function pick(page: Page, label: string, option: string) {
  await main(page).getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills and submits the sign-in form already on screen; `role` is the picker's label. */
export async function submitSignIn(page: Page, email: string, role: string, password = PASSWORD) {
  await main(page).getByLabel('Email').fill(email);
  await main(page).getByLabel('Password', { exact: true }).fill(password);
  await pick(page, 'Role', role);
  await main(page).getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Opens /signin, signs in and waits until the app has left the sign-in page. */
export async function signIn(page: Page, email: string, role: string, password = PASSWORD) {
  await page.goto('/signin');
  await submitSignIn(page, email, role, password);
  await expect(page).not.toHaveURL(/\/signin/);
}

/** Opens /signup and submits it for a new person. */
export async function signUp(page: Page, user: { first: string; last: string; email: string; role: string }) {
  await page.goto('/signup');
  await main(page).getByLabel('First Name').fill(user.first);
  await main(page).getByLabel('Last Name').fill(user.last);
  await main(page).getByLabel('Email').fill(user.email);
  await pick(page, 'Role', user.role);
  await main(page).getByLabel('Mobile Number').fill('9876543210');
  await main(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
  await main(page).getByLabel('Confirm Password').fill(PASSWORD);
  await main(page).getByRole('button', { name: 'Sign Up' }).click();
}

/** The seeded active admin of each demo host (README, "Demo accounts"). */
const DEMO_ADMIN: Record<string, string> = {
  localhost: 'admin@schooliko.dev',
  'greenvalley.localhost': 'admin@greenvalley.dev',
};

/**
 * Approves, as the host's demo admin and through the API, the sign-up request `email` made for
 * `role` (a director or later admin waits for an active admin). For journeys whose story is not
 * the approval itself; the bell is shown in e2e/auth.spec.ts.
 */
export async function approveSignUp(host: string, email: string, role: string) {
  // Node cannot resolve *.localhost as browsers do: connect to localhost and name the host.
  const api = await request.newContext({
    baseURL: originFor('localhost'),
    extraHTTPHeaders: { host: new URL(originFor(host)).host, origin: originFor(host) },
  });
  try {
    const signedIn = await api.post('/api/auth/signin', {
      data: { email: DEMO_ADMIN[host], password: PASSWORD, role: 'admin' },
    });
    expect(signedIn.status()).toBe(200);
    const { accessToken } = ((await signedIn.json()) as { data: { tokens: { accessToken: string } } }).data
      .tokens;
    const headers = { authorization: `Bearer ${accessToken}` };
    const listed = await api.get('/api/notifications?limit=50', { headers });
    expect(listed.status()).toBe(200);
    type Item = { _id: string; message: string; actions: string[] };
    const items = ((await listed.json()) as { data: { notifications: Item[] } }).data.notifications;
    const asked = items.find(
      (n) => n.message.includes(`(${email}) asked to join as ${role}`) && n.actions.includes('approve'),
    );
    if (!asked) throw new Error(`no sign-up request from ${email} as ${role} at ${host}`);
    const approved = await api.post(`/api/notifications/${asked._id}/approve`, { headers });
    expect(approved.status()).toBe(200);
  } finally {
    await api.dispose();
  }
}
