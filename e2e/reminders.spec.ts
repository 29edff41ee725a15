import { todayInIndia } from '@schooliko/common/kit/dates';
import { expect, test } from './fixtures';
import { apiAs, main, signIn } from './helpers';

const SHOTS = '/tmp/reminders';

test('the accountant schedules fee reminders, runs them and reads the log; the SMS shows at /dev/mail', {
  tag: '@soak',
}, async ({ page }) => {
  // The demo school reminds some hundreds of guardians at once; each message is a job of its own.
  test.setTimeout(240_000);
  // The instalment that fell due last in the seed's quarterly structures (other journeys add
  // structures of their own, with a pupil or two who may have paid): a schedule that many days
  // after it reminds every pupil who still owes it today.
  const admin = await apiAs('localhost', 'admin@schooliko.dev', 'admin');
  const structures = (await (await admin.get('/api/fees/structures')).json()).data.items as {
    plan: string;
    instalments: { label: string; due_on: string }[];
  }[];
  const today = todayInIndia();
  const due = structures
    .filter((s) => s.plan === 'quarterly')
    .flatMap((s) => s.instalments.map((i) => i.due_on))
    .filter((d) => d <= today)
    .sort()
    .pop();
  expect(due).toBeTruthy();
  const offset = Math.round((Date.parse(today) - Date.parse(due ?? today)) / 864e5);
  expect(offset).toBeLessThanOrEqual(90);
  // Quiet hours would hold the SMS till 08:00 India time: the admin turns them off for this run.
  const settings = (await (await admin.get('/api/messaging/settings')).json()).data;
  const off = await admin.put('/api/messaging/settings', {
    data: {
      dlt_entity_id: settings.dlt_entity_id,
      sender_header: settings.sender_header,
      quiet_hours: false,
      quiet_from: settings.quiet_from,
      quiet_until: settings.quiet_until,
    },
  });
  expect(off.status()).toBe(200);

  await signIn(page, 'accounts@schooliko.dev', 'Teacher');
  const nav = page.getByRole('navigation');
  const group = nav.getByRole('button', { name: 'Fees', exact: true });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  // The sidebar links to the screen; the journey opens it by its address (a click on the last
  // entry of an opening group raced its animation in the full suite).
  await expect(nav.getByRole('link', { name: 'Reminder' })).toHaveAttribute('href', '/reminder');
  await page.goto('/reminder');
  await expect(page).toHaveURL(/\/reminder$/);
  await expect(main(page).getByRole('heading', { name: 'Fee reminders' })).toBeVisible();
  // The seed's schedules.
  await expect(main(page).getByText('3 days before the due date')).toBeVisible();

  // A schedule for today: `offset` days after the due date, by email and SMS.
  await main(page).getByRole('button', { name: 'Add schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add schedule' });
  await dialog.getByLabel('Days').fill(String(offset));
  await dialog.getByRole('combobox', { name: 'When' }).click();
  await page.getByRole('option', { name: 'after the due date' }).click();
  await dialog.getByLabel('SMS').check();
  await expect(dialog.getByRole('combobox', { name: 'SMS template' })).toHaveText('Fee reminder');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const label = offset === 1 ? '1 day after the due date' : `${offset} days after the due date`;
  await expect(main(page).getByText(label)).toBeVisible();

  // Run now, confirmed; the log fills.
  await main(page).getByRole('button', { name: 'Run now' }).click();
  const confirm = page.getByRole('dialog', { name: "Send today's reminders now?" });
  await confirm.getByRole('button', { name: 'Run now' }).click();
  // At least one reminder goes (a count of 0 would mean the seed owes nothing on that date).
  await expect(main(page).getByText(/^[1-9][\d,]* reminders? queued/)).toBeVisible({ timeout: 90_000 });
  // The log refreshes as the run ends, while the server delivers those hundreds of messages.
  const grid = main(page).getByRole('grid');
  await expect(grid.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  await expect(grid.getByText(/Fee reminder:|Dear Parent/).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-desktop.png`, fullPage: true });

  // The SMS, with its DLT header and template id, reach the development outbox as the queue works.
  const log = (await (await admin.get('/api/fees/reminders/log?channel=sms&limit=1')).json()).data;
  expect(log.pagination.total).toBeGreaterThan(0);
  let sms: { to: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        const outbox = (await (await admin.get('/api/dev/outbox?limit=100')).json()).data.items as {
          to: string;
          text: string;
          channel: string;
        }[];
        sms = outbox.find((m) => m.channel === 'sms');
        return Boolean(sms);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  await admin.dispose();
  await page.goto(`/dev/mail?to=${sms?.to}`);
  await expect(page.getByText('SMS from SCHLKO · DLT template 1207170000000000101').first()).toBeVisible();
  await expect(page.getByText(sms?.text ?? '').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-outbox.png`, fullPage: true });

  // At 390 px the screen still reads.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/reminder');
  await expect(main(page).getByText(label)).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Run now' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-phone.png`, fullPage: true });

  // Bulk reminders from the defaulter list: choose a row, confirm naming the count.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dues');
  const first = main(page).getByRole('grid').getByRole('row').nth(1).getByRole('checkbox');
  const remind = main(page).getByRole('button', { name: 'Remind 1' });
  // The list refreshes as payments land elsewhere (live dues) and may redraw the row mid-click:
  // tick it until the choice holds.
  await expect(async () => {
    await first.check({ timeout: 2_000 });
    await expect(remind).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await remind.click();
  const bulk = page.getByRole('dialog', { name: 'Send a fee reminder for 1 student?' });
  await bulk.getByRole('button', { name: 'Send reminders' }).click();
  await expect(bulk.getByText(/messages? queued/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-bulk.png`, fullPage: true });
});
