import { expect, type Page, request } from './fixtures';

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

/**
 * Starts noting whether an element matching `selector` ever appears (a progress bar that a quick
 * upload or job shows for a moment); the answer says whether it did.
 */
export async function watchFor(page: Page, selector: string): Promise<() => Promise<boolean>> {
  await page.evaluate((wanted) => {
    const w = window as unknown as { seenSelector: boolean };
    w.seenSelector = false;
    new MutationObserver(() => {
      if (document.querySelector(wanted)) w.seenSelector = true;
    }).observe(document.body, { childList: true, subtree: true });
  }, selector);
  return () => page.evaluate(() => (window as unknown as { seenSelector: boolean }).seenSelector);
}

/** Fills and submits the sign-in form already on screen; `role` is the picker's label. */
export async function submitSignIn(page: Page, email: string, role: string, password = PASSWORD) {
  // After a redirect the page that sent here can still be shown while the sign-in page's chunk
  // loads (its own Email field would take the typing): wait for the sign-in form itself.
  await expect(main(page).getByRole('heading', { name: 'Sign In', exact: true })).toBeVisible();
  await main(page).getByLabel('Email').fill(email);
  await main(page).getByLabel('Password', { exact: true }).fill(password);
  await pick(page, 'Role', role);
  await main(page).getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * Signs in as a journey's first step, through the API from the institute's own origin (a fresh
 * session each time: refresh tokens rotate, so a saved one cannot be shared), keeps the signed-in
 * user where the app keeps it across reloads (`SAVED_STATE_KEY` and its version in
 * web/src/app/saved-state.ts), then opens /signin, which sends a signed-in person to their role's
 * home once the app has its access token. `role` is the picker's label. The form itself is the
 * story of e2e/auth.spec.ts (`submitSignIn`).
 */
export async function signIn(page: Page, email: string, role: string, password = PASSWORD) {
  await page.goto('/api/health');
  const status = await page.evaluate(
    async (body) => {
      const answer = await fetch('/api/auth/signin', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!answer.ok) return answer.status;
      const { user } = ((await answer.json()) as { data: { user: unknown } }).data;
      const auth = { user, accessToken: null, isAuthenticated: true, loading: false, error: null };
      localStorage.setItem('schooliko:v1', JSON.stringify({ version: 1, state: { auth } }));
      return answer.status;
    },
    { email, password, role: role.toLowerCase() },
  );
  expect(status, `sign-in of ${email} as ${role}`).toBe(200);
  // The app trades the cookie for its first access token as it loads; a journey that navigates on
  // before that answer lands would lose the rotated cookie with the aborted request.
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh'));
  await page.goto('/signin');
  expect((await refreshed).status()).toBe(200);
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
  const api = await apiAs(host, DEMO_ADMIN[host] ?? '', 'admin');
  try {
    type Item = { _id: string; message: string; actions: string[] };
    let asked: Item | undefined;
    // The admins are told after the sign-up has answered: wait for the request to reach them.
    await expect
      .poll(
        async () => {
          const listed = await api.get('/api/notifications?limit=50');
          expect(listed.status()).toBe(200);
          const items = ((await listed.json()) as { data: { notifications: Item[] } }).data.notifications;
          asked = items.find(
            (n) => n.message.includes(`(${email}) asked to join as ${role}`) && n.actions.includes('approve'),
          );
          return Boolean(asked);
        },
        { message: `no sign-up request from ${email} as ${role} at ${host}`, timeout: 15_000 },
      )
      .toBe(true);
    if (!asked) throw new Error(`no sign-up request from ${email} as ${role} at ${host}`);
    const approved = await api.post(`/api/notifications/${asked._id}/approve`);
    expect(approved.status()).toBe(200);
  } finally {
    await api.dispose();
  }
}

/**
 * An API client signed in as `email` in `role` at `host`, for a journey's setup that is not its
 * story (the caller disposes it).
 */
export async function apiAs(host: string, email: string, role: string, password = PASSWORD) {
  // Node cannot resolve *.localhost as browsers do: connect to localhost and name the host.
  const headers = { host: new URL(originFor(host)).host, origin: originFor(host) };
  const anonymous = await request.newContext({ baseURL: originFor('localhost'), extraHTTPHeaders: headers });
  const signedIn = await anonymous.post('/api/auth/signin', { data: { email, password, role } });
  expect(signedIn.status()).toBe(200);
  const { accessToken } = ((await signedIn.json()) as { data: { tokens: { accessToken: string } } }).data
    .tokens;
  await anonymous.dispose();
  return request.newContext({
    baseURL: originFor('localhost'),
    extraHTTPHeaders: { ...headers, authorization: `Bearer ${accessToken}` },
  });
}

/** The reset-password link of the newest mail to `email` in the dev outbox, once it is there. */
export async function mailedResetLink(page: Page, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const answer = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
      const body = (await answer.json()) as { data: { items: { text: string }[] } };
      link = /\/reset-password\?token=[^\s]+/.exec(body.data.items[0]?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

/**
 * A class of its own with one pupil in its section A of the current year (admitted when the session
 * began, unless the pupil says otherwise), made by the demo admin
 * (a journey's fee structure then meets no seeded one). Answers the admin's API context, the year
 * and the class.
 */
export async function classWithPupil(
  cls: { name: string; sort_order: number },
  pupil: {
    admission_no: string;
    first_name: string;
    last_name: string;
    date_of_birth: string;
    gender: string;
  },
) {
  const admin = await apiAs('localhost', 'admin@schooliko.dev', 'admin');
  const years = (await (await admin.get('/api/academic-years')).json()).data.items as {
    id: string;
    starts_on: string;
    is_current: boolean;
  }[];
  const year = years.find((y) => y.is_current);
  if (!year) throw new Error('the demo has no current academic year');
  const made = await admin.post('/api/classes', { data: cls });
  expect(made.status()).toBe(201);
  const classId = (await made.json()).data.id as string;
  const section = await admin.post('/api/sections', {
    data: { class_id: classId, academic_year_id: year.id, name: 'A' },
  });
  expect(section.status()).toBe(201);
  // On the rolls since the session began: a pupil admitted today is billed only from the
  // instalment in which they joined (issue 32), and these journeys bill the whole year.
  const placed = await admin.post('/api/students', {
    data: { admitted_on: year.starts_on, ...pupil, section_id: (await section.json()).data.id },
  });
  expect(placed.status()).toBe(201);
  return { admin, yearId: year.id, classId };
}

/** A small PNG drawn by the browser itself (a face-coloured disc on blue), as a file to upload. */
export async function drawnPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 120;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no canvas');
    g.fillStyle = '#1565c0';
    g.fillRect(0, 0, 120, 120);
    g.fillStyle = '#f1c27d';
    g.beginPath();
    g.arc(60, 55, 32, 0, Math.PI * 2);
    g.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}
