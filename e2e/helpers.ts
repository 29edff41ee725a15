import { expect, type Page } from '@playwright/test';

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
