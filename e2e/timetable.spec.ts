import { expect, type Page, test } from './fixtures';
import { apiAs, main, signIn } from './helpers';

const SHOTS = '/tmp/timetable';
const DAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

type Entry = {
  id: string;
  section_label: string;
  day: number;
  period: number;
  teacher_name: string;
  subject_name: string;
};
type Period = { period: number; label: string };

async function openTimetable(page: Page) {
  const nav = page.getByRole('navigation');
  const group = nav.getByRole('button', { name: 'Academics', exact: true });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await nav.getByRole('link', { name: 'Timetable' }).click();
  await expect(page).toHaveURL(/\/timetable$/);
}

/** Chooses `option` in the dialog's select labelled `label`. */
async function choose(page: Page, label: RegExp | string, option: RegExp | string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('an admin meets a clash named in full, then timetables the period; prints; a teacher sees their week and a parent the class week, at 390 px', async ({
  page,
}) => {
  // Setup read from the seeded week: a period in which the demo teacher teaches another section of VII.
  const admin = await apiAs('localhost', 'admin@schooliko.dev', 'admin');
  const staff = (await (await admin.get('/api/staff?kind=teacher&limit=100&search=Deshpande')).json()).data
    .items as {
    id: string;
    email: string;
  }[];
  const priya = staff.find((s) => s.email === 'teacher@schooliko.dev');
  if (!priya) throw new Error('demo teacher not seeded');
  const bell = (await (await admin.get('/api/timetable/bell-schedule')).json()).data.items as Period[];
  const hers = (await (await admin.get(`/api/timetable?teacher_id=${priya.id}`)).json()).data
    .items as Entry[];
  const busy = hers.find((e) => e.section_label === 'VII-B');
  if (!busy) throw new Error('the demo teacher has no VII-B period');
  const sections = (await (await admin.get('/api/sections')).json()).data.items as {
    id: string;
    label: string;
  }[];
  const sevenA = sections.find((s) => s.label === 'VII-A');
  const week = (await (await admin.get(`/api/timetable?section_id=${sevenA?.id}`)).json()).data
    .items as Entry[];
  const slot = week.find((e) => e.day === busy.day && e.period === busy.period);
  if (!slot) throw new Error('VII-A has no lesson then');
  await admin.dispose();
  const day = DAYS[busy.day] as string;
  const period = bell.find((p) => p.period === busy.period)?.label as string;

  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await openTimetable(page);
  const screen = main(page);
  await expect(screen.getByRole('heading', { name: 'Timetable', level: 1 })).toBeVisible();
  await screen.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: 'VII-A', exact: true }).click();
  const week1 = screen.getByTestId('timetable-week');
  await expect(week1.getByText('Short break')).toBeVisible();

  // Clear the period (after a confirmation), then put the demo teacher in it: she is in VII-B then.
  await week1.getByRole('button', { name: `${day}, ${period}: ${slot.subject_name}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Clear period' }).click();
  await expect(dialog).toContainText(`Clear ${slot.subject_name} from VII-A · ${day} · ${period}?`);
  await dialog.getByRole('button', { name: 'Clear period' }).click();
  await expect(dialog).toBeHidden();
  const empty = week1.getByRole('button', { name: `${day}, ${period}: free` });
  await empty.click();
  await choose(page, 'Subject', /^Mathematics/);
  await choose(page, 'Teacher', /^Priya Deshpande/);
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The clash is said beside the teacher chosen.
  await expect(dialog.getByRole('combobox', { name: 'Teacher' })).toHaveAccessibleDescription(
    `Priya Deshpande already teaches VII-B in ${period} on ${day}`,
  );
  await page.screenshot({ path: `${SHOTS}/clash-desktop.png`, fullPage: true });

  // The period's own teacher is free then: saved.
  await choose(page, 'Teacher', new RegExp(`^${slot.teacher_name}`));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(week1.getByRole('button', { name: `${day}, ${period}: Mathematics` })).toContainText(
    slot.teacher_name,
  );

  // Printed: only the grid, on a landscape page.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('tab', { name: 'By class' })).toBeHidden();
  await expect(page.getByTestId('timetable-week')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/print.png`, fullPage: true });
  const pdf = await page.pdf({ landscape: true });
  expect(pdf.byteLength).toBeGreaterThan(10_000);
  await page.emulateMedia({ media: 'screen' });

  // By room and by teacher.
  await screen.getByRole('tab', { name: 'By room' }).click();
  await expect(screen.getByRole('heading', { name: /^Room / })).toBeVisible();
  await screen.getByRole('tab', { name: 'Subjects' }).click();
  await expect(screen.getByText('Physical Education (PE-500)')).toBeVisible();

  // The demo teacher is away on Monday 7 December: a suggested free teacher takes her first period.
  await screen.getByRole('tab', { name: 'By teacher' }).click();
  await screen.getByRole('combobox', { name: 'Teacher' }).click();
  await page.getByRole('option', { name: 'Priya Deshpande', exact: true }).click();
  await screen.getByLabel('Date').fill('07/12/2026');
  await screen.getByRole('button', { name: 'Arrange substitute' }).click();
  await dialog.getByRole('checkbox').first().check();
  await choose(page, /^Substitute for/, /period.? that day$/);
  await dialog.getByLabel('Reason (optional)').fill('Medical leave');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(screen.getByText(/takes Mathematics in VII-[ABC]$/)).toBeVisible();
  await expect(screen.getByText('Medical leave')).toBeVisible();

  // The teacher sees their own week first, with their classes in the cells.
  await page.context().clearCookies();
  await signIn(page, 'teacher@schooliko.dev', 'Teacher');
  await openTimetable(page);
  await expect(screen.getByRole('heading', { name: 'Priya Deshpande' })).toBeVisible();
  const hersWeek = screen.getByTestId('timetable-week');
  await expect(hersWeek.getByText('VII-B').first()).toBeVisible();
  await expect(screen.getByRole('heading', { name: 'Substitutions' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/teacher-desktop.png`, fullPage: true });

  // At 390 px one day at a time.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(hersWeek).toBeHidden();
  const oneDay = screen.getByTestId('timetable-day');
  await oneDay.getByRole('tab', { name: 'Tue' }).click();
  await expect(oneDay.getByRole('columnheader', { name: 'Tuesday' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/teacher-390.png`, fullPage: true });

  // A parent sees their child's class week, one day at a time, without the planners' tabs.
  await page.context().clearCookies();
  await signIn(page, 'parent@schooliko.dev', 'Parent');
  await page.goto('/timetable');
  await expect(screen.getByRole('heading', { name: 'Class VII-B' })).toBeVisible();
  await expect(screen.getByRole('tab', { name: 'By teacher' })).toHaveCount(0);
  await expect(screen.getByTestId('timetable-day').getByText('Short break')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/parent-390.png`, fullPage: true });
});
