import { formatRupees } from '@schooliko/common/fees/money';
import { expect, type Page, test } from './fixtures';
import { apiAs, approveSignUp, main, signIn, signUp } from './helpers';

// Spec 2.13, live: the teacher's, student's and parent's dashboards on /teacher, /student, /parent.
const SHOTS = '/tmp/dash';
/** The dashboard's first paint waits for its chunk, the academics strings and its answer. */
const FIRST = { timeout: 30_000 };

const region = (page: Page, name: string) => main(page).getByRole('region', { name });
const stat = (page: Page, label: string) =>
  main(page)
    .getByTestId('stat-card')
    .filter({ has: page.getByRole('heading', { name: label, exact: true }) });

/** Today's schedule shows lessons, or on a closed day says so (naming the holiday). */
async function expectSchedule(
  page: Page,
  api: { get: (url: string) => Promise<{ json: () => Promise<unknown> }> },
) {
  const home = ((await (await api.get('/api/dashboard/home')).json()) as { data: HomeAnswer }).data;
  const schedule = region(page, "Today's schedule");
  if (home.day.state === 'working' && home.today_schedule.length) {
    await expect(schedule.getByRole('listitem').first()).toBeVisible(FIRST);
    await expect(schedule.getByRole('listitem')).toHaveCount(home.today_schedule.length);
    await expect(schedule.getByRole('listitem').first()).toContainText(
      home.today_schedule[0]?.starts_at ?? '',
    );
  } else await expect(schedule).toContainText(/No classes today|no lessons|Nothing is timetabled/, FIRST);
  return home;
}
type HomeAnswer = {
  day: { state: string };
  today_schedule: { starts_at: string }[];
  my_classes?: unknown[];
  my_subjects?: unknown[];
  upcoming_events: unknown[];
};

test("the teacher's dashboard: their classes, today's lessons and the coming events, on a phone too", {
  tag: '@soak',
}, async ({ page, browser }) => {
  test.slow(); // two sign-ins and two first paints
  await signIn(page, 'teacher@schooliko.dev', 'Teacher');
  await expect(page).toHaveURL(/\/teacher$/);
  const api = await apiAs('localhost', 'teacher@schooliko.dev', 'teacher');
  const home = await expectSchedule(page, api);
  await api.dispose();
  await expect(stat(page, 'My classes')).toContainText(String(home.my_classes?.length));
  await expect(region(page, 'My classes').getByRole('link')).toHaveCount(home.my_classes?.length ?? -1);
  await expect(region(page, 'My classes').getByText('Class teacher')).toHaveCount(1);
  await expect(stat(page, 'Upcoming events')).toContainText(String(home.upcoming_events.length));
  await page.screenshot({ path: `${SHOTS}-teacher.png`, fullPage: true });
  // On a phone, signed in there (the sidebar starts folded).
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(phone, 'teacher@schooliko.dev', 'Teacher');
  await expect(region(phone, 'My classes').getByRole('link').first()).toBeVisible(FIRST);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.screenshot({ path: `${SHOTS}-teacher-390.png`, fullPage: true });
  await phone.close();
});

test("the student's dashboard: their subjects with teachers and their class's day", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'student@schooliko.dev', 'Student');
  await expect(page).toHaveURL(/\/student$/);
  const api = await apiAs('localhost', 'student@schooliko.dev', 'student');
  const home = await expectSchedule(page, api);
  await api.dispose();
  const subjects = region(page, 'My subjects').getByRole('listitem');
  await expect(subjects).toHaveCount(home.my_subjects?.length ?? -1);
  await expect(subjects.filter({ hasText: 'Mathematics' })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}-student-390.png`, fullPage: true });
});

test("the parent's dashboard on a phone: their child, what is pending, their notifications", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'parent@schooliko.dev', 'Parent');
  await expect(page).toHaveURL(/\/parent$/);
  const api = await apiAs('localhost', 'parent@schooliko.dev', 'parent');
  const dues = (await (await api.get('/api/fees/mine')).json()).data;
  await api.dispose();
  const children = region(page, 'Children').getByRole('link');
  await expect(children.first()).toBeVisible(FIRST);
  await expect(children).toHaveCount(1);
  await expect(children.first()).toContainText(/Arjun Patil.*[IVX]+-[A-Z]/);
  await expect(stat(page, 'Children')).toContainText('1');
  await expect(main(page).getByRole('link', { name: /Pending Payments/ })).toContainText(
    formatRupees(dues.due_paise),
  );
  await expect(region(page, 'Recent notifications')).toBeVisible();
  await expect(region(page, 'Upcoming events')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-parent-390.png`, fullPage: true });
  // Nothing scrolls sideways at 390 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("a new parent's dashboard: no child yet, the approval as an unread notice that follows the bell", {
  tag: '@soak',
}, async ({ page }) => {
  test.slow(); // a sign-up, its approval and a sign-in
  const email = `dash-parent-${Date.now()}@example.com`;
  await signUp(page, { first: 'Kavita', last: 'Sawant', email, role: 'Parent' });
  await approveSignUp('localhost', email, 'parent');
  await signIn(page, email, 'Parent');
  await expect(page).toHaveURL(/\/parent$/);
  await expect(region(page, 'Children')).toContainText('No children are linked to your account yet', FIRST);
  const notices = region(page, 'Recent notifications').getByRole('listitem');
  await expect(notices).toHaveCount(1);
  await expect(notices.first()).toContainText('Request approved');
  await expect(notices.first()).toContainText('Notice');
  await expect(stat(page, 'Unread messages')).toContainText('1');
  await page.screenshot({ path: `${SHOTS}-new-parent.png`, fullPage: true });
  // Read from the bell: the dashboard's figure follows without a reload (the stream's tag too).
  await page.getByRole('button', { name: 'Notifications' }).click();
  await page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: 'Mark all as read' })
    .click();
  await page.keyboard.press('Escape');
  await expect(stat(page, 'Unread messages')).toContainText('0');
});
