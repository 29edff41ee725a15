import { expect, test } from './fixtures';
import { apiAs, main, signIn } from './helpers';

const SHOTS = '/tmp/attendance';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

test("a teacher takes today's attendance on a phone, the absent pupil's guardian is told, the office prints the month's register", async ({
  page,
}) => {
  const admin = await apiAs('localhost', 'admin@schooliko.dev', 'admin');
  const [day] = (await (await admin.get(`/api/calendar/days?from=${today}&to=${today}`)).json()).data
    .items as {
    state: string;
  }[];
  if (day?.state !== 'working') {
    // A holiday or weekly off: nobody takes attendance; the screen says why and the API refuses.
    await signIn(page, 'teacher@schooliko.dev', 'Teacher');
    await page.goto('/attendance');
    await expect(main(page).getByTestId('closed-day')).toBeVisible();
    const [pupil] = (await (await admin.get('/api/students?limit=1')).json()).data.items as {
      id: string;
      section_id: string;
    }[];
    const refused = await admin.post('/api/attendance', {
      data: { section_id: pupil?.section_id, date: today, entries: [{ student_id: pupil?.id, status: 'P' }] },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).code).toMatch(/^attendance\./);
    return;
  }

  // The teacher, on a phone: her class, today's, not taken yet (the seed leaves today open).
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'teacher@schooliko.dev', 'Teacher');
  await page.goto('/attendance');
  const screen = main(page);
  await expect(screen.getByRole('heading', { name: 'Attendance', level: 1 })).toBeVisible();
  await expect(screen.getByRole('combobox', { name: 'Section' })).toContainText('to take today');
  const section =
    ((await screen.getByRole('combobox', { name: 'Section' }).textContent()) ?? '').split(' · ')[0] ?? '';
  await expect(screen.getByTestId('marked-by')).toHaveText(/^Not taken yet/);
  const rows = screen.getByTestId('pupil-row');
  await expect(rows.first()).toBeVisible();
  const pupils = await rows.count();
  expect(pupils).toBeGreaterThan(10);
  const absent = (await rows.nth(0).locator('p').nth(1).textContent()) ?? '';
  const late = (await rows.nth(1).locator('p').nth(1).textContent()) ?? '';

  // All present, then the two exceptions: four taps and Save.
  await screen.getByRole('button', { name: 'All present' }).click();
  await screen.getByRole('button', { name: `${absent}: Absent` }).click();
  await screen.getByRole('button', { name: `${late}: Late` }).click();
  await expect(screen.getByText(`Present ${pupils - 2} · Absent 1 · Late 1`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-take-390.png`, fullPage: true });
  await screen.getByRole('button', { name: 'Save attendance' }).click();
  await expect(screen.getByText(`Attendance saved: ${pupils} pupils, 1 absent.`)).toBeVisible();
  await expect(screen.getByTestId('marked-by')).toHaveText(/^Marked by Priya Deshpande at /);
  await expect(screen.getByRole('combobox', { name: 'Section' })).toContainText('taken today');
  await page.screenshot({ path: `${SHOTS}-saved-390.png`, fullPage: true });

  // The guardian's alert (email, or SMS where only a phone is known), read from the messaging log:
  // sent, it shows at /dev/mail; an SMS in the institute's quiet hours (21:00–08:00 India time,
  // the seed's) waits for 08:00 instead.
  type Alert = { channel: string; recipient: string; event_key: string; status: string; run_at: string };
  let alert: Alert | undefined;
  await expect
    .poll(
      async () => {
        const log = (await (await admin.get('/api/messaging/messages?event=absence&limit=100')).json()).data
          .items as Alert[];
        const todays = log.filter((m) => m.event_key.endsWith(`:${today}`));
        alert =
          todays.find((m) => m.status === 'sent') ??
          todays.find((m) => m.status === 'queued' && Date.parse(m.run_at) > Date.now() + 60_000);
        return alert?.status ?? '';
      },
      { timeout: 60_000 },
    )
    .not.toBe('');
  if (alert?.status === 'sent') {
    await page.goto(`/dev/mail?to=${alert.recipient}`);
    await expect(page.getByText(absent).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}-mail.png`, fullPage: true });
  } else {
    const at = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', timeStyle: 'short' });
    expect([alert?.channel, at.format(new Date(alert?.run_at ?? 0))]).toEqual(['sms', '08:00']);
  }
  await admin.dispose();

  // The office, on a desktop: the month's register of that class, the day counted.
  await page.context().clearCookies();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await page.goto('/attendance?tab=register');
  await expect(screen.getByRole('tab', { name: 'Monthly register', selected: true })).toBeVisible();
  await screen.getByRole('combobox', { name: 'Section' }).click();
  await page.getByRole('option', { name: section, exact: true }).click();
  const register = screen.getByTestId('register');
  await expect(register.getByRole('heading', { name: /^Attendance register · / })).toBeVisible();
  await expect(register.getByRole('heading', { name: new RegExp(`· ${section} ·`) })).toBeVisible();
  await expect(register.getByText('Present that day')).toBeVisible();
  await expect(register.getByText(absent)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-register-desktop.png`, fullPage: true });
  await page.emulateMedia({ media: 'print' });
  await expect(screen.getByRole('tab', { name: 'Monthly register' })).toBeHidden();
  await page.screenshot({ path: `${SHOTS}-register-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // The low-attendance list names the seeded chronic absentees.
  await screen.getByRole('tab', { name: 'Low attendance' }).click();
  await expect(screen.getByTestId('low-list').getByRole('listitem').first()).toBeVisible();
  await expect(screen.getByText(/pupils below 75 % this year$/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-low-desktop.png`, fullPage: true });

  // A held SMS says in the send log until when it waits (the office knows why it has not gone).
  if (alert?.status !== 'sent') {
    await page.goto('/messages');
    const row = main(page)
      .getByRole('row')
      .filter({ hasText: alert?.recipient ?? '' });
    await expect(row.first().getByText(/^Held till \d{1,2} \w{3}, 0?8:00 am$/i)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}-held-desktop.png`, fullPage: true });
  }
});
