import { type Browser, expect, type Page, test } from './fixtures';
import { main, originFor, pick, signIn } from './helpers';

/*
 * Year-end promotion, on Green Valley (classes I to V, one section each): the other journeys use
 * the development institute's classes and accounts, and Green Valley's pupils only here, so
 * promoting its year disturbs no spec that runs after this one in the same database.
 */
const SHOTS = '/tmp/promotion';
const HOST = 'greenvalley.localhost';

async function asAdmin(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: originFor(HOST), viewport });
  const page = await context.newPage();
  await signIn(page, 'admin@greenvalley.dev', 'Admin');
  return { context, page };
}

const sectionRow = (page: Page, label: string) =>
  main(page)
    .getByRole('table', { name: 'Year-end promotion' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });

/** Students, promoted, detained, passed out, goes to: the cells of a section's preview row. */
async function cells(page: Page, label: string) {
  const texts = (await sectionRow(page, label).getByRole('cell').allInnerTexts()).map((x) =>
    x.replace(/\s+/g, ' ').trim(),
  );
  return { students: Number(texts[0]), promoted: Number(texts[1]), detained: Number(texts[2]), to: texts[4] };
}

/** Opens the promotion screen and, on a school with no session after this one, creates it. */
async function openPromotion(page: Page) {
  await page.goto('/student/promote');
  await expect(main(page).getByRole('heading', { name: 'Year-end promotion' })).toBeVisible();
  const create = main(page).getByRole('button', { name: 'Create session 2027-28' });
  const table = main(page).getByRole('table', { name: 'Year-end promotion' });
  await expect(create.or(table)).toBeVisible();
  if (await create.isVisible()) {
    await expect(main(page).getByText('There is no session after 2026-27 yet.')).toBeVisible();
    await create.click();
  }
  await expect(main(page).getByRole('combobox', { name: 'Into' })).toHaveText('2027-28');
  await expect(table).toBeVisible();
}

/** Ticks the first pupil of a section as detained; answers their name. */
async function detainFirstOf(page: Page, label: string): Promise<string> {
  await main(page)
    .getByRole('button', { name: `Mark detained: ${label}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Detained in ${label}` });
  const first = dialog.getByRole('checkbox').first();
  await expect(first).toBeVisible();
  const name = (await first.getAttribute('aria-label')) ?? '';
  await first.check();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(sectionRow(page, label).getByRole('cell').nth(2)).toHaveText('1');
  return name;
}

test('at 390 px the admin previews a promotion: every section, where it goes, and who stays', async ({
  browser,
}) => {
  const { context, page } = await asAdmin(browser, { width: 390, height: 844 });
  await openPromotion(page);
  expect(await cells(page, 'I-A')).toMatchObject({ to: 'II-A new', detained: 0 });
  expect((await cells(page, 'V-A')).to).toBe('Passed out');
  await detainFirstOf(page, 'II-A');
  await expect(main(page).getByText(/students: \d+ promoted, 1 detained, \d+ passed out\./)).toBeVisible();
  // Nothing spills sideways: the table scrolls inside its own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}-preview-390.png`, fullPage: true });
  await context.close();
});

test('the admin promotes the year, watches the job and sees the class lists move', { tag: '@soak' }, async ({
  browser,
}) => {
  const { context, page } = await asAdmin(browser, { width: 1280, height: 900 });
  await openPromotion(page);
  const first = await cells(page, 'I-A');
  const last = await cells(page, 'V-A');
  const detainedName = await detainFirstOf(page, 'III-A');
  const totals = main(page).getByText(/^\d+ students: \d+ promoted, 1 detained, \d+ passed out\.$/);
  await expect(totals).toBeVisible();
  const [all, promoted] = ((await totals.innerText()).match(/\d+/g) ?? []).map(Number);
  expect(all).toBe((promoted ?? 0) + 1 + last.students);
  await expect(
    main(page).getByRole('checkbox', { name: 'Make 2027-28 the current session when done' }),
  ).toBeChecked();
  await page.screenshot({ path: `${SHOTS}-preview.png`, fullPage: true });

  // A bulk move asks first; cancelling changes nothing.
  await main(page)
    .getByRole('button', { name: `Promote ${all} students` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Promote 2026-27 into 2027-28?' });
  await expect(confirm).toContainText(
    `${promoted} students move up, 1 stay in their class and ${last.students} pass out.`,
  );
  await page.screenshot({ path: `${SHOTS}-confirm.png` });
  await page.evaluate(() => {
    const w = window as unknown as { sawProgress: boolean };
    w.sawProgress = false;
    new MutationObserver(() => {
      if (document.querySelector('main [role="progressbar"][aria-label="Year-end promotion"]'))
        w.sawProgress = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await confirm.getByRole('button', { name: 'Yes, promote' }).click();
  const done = main(page).getByText(
    `Promotion done: ${promoted} promoted, 1 detained, ${last.students} passed out. 2027-28 is now the current session.`,
  );
  await expect(done).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { sawProgress: boolean }).sawProgress)).toBe(true);
  await page.screenshot({ path: `${SHOTS}-done.png`, fullPage: true });

  // Today's class lists: last year's I-A now sits in II-A; the detained pupil stays in III.
  await main(page).getByRole('button', { name: 'View the class lists of 2027-28' }).click();
  await expect(page).toHaveURL(/\/student$/);
  await expect(page.getByRole('button', { name: /Session 2027-28/ })).toBeVisible();
  await pick(page, 'Section', 'II-A');
  await expect(
    main(page).getByText(new RegExp(`–${Math.min(25, first.students)} of ${first.students}$`)),
  ).toBeVisible();
  await expect(main(page).getByRole('gridcell', { name: 'Promoted' }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-lists-now.png`, fullPage: true });
  await pick(page, 'Section', 'Any');
  await main(page).getByRole('textbox', { name: 'Search' }).fill(detainedName);
  const kept = main(page).getByRole('row').filter({ hasText: detainedName });
  await expect(kept.getByRole('gridcell', { name: 'III-A' })).toBeVisible();
  await expect(kept.getByRole('gridcell', { name: 'Detained' })).toBeVisible();

  // Last year, through the session chip: its class lists as they were, with each outcome.
  await page.getByRole('button', { name: /Session 2027-28/ }).click();
  await page.getByRole('menuitem', { name: '2026-27' }).click();
  await expect(
    main(page).getByText('Viewing session 2026-27: read-only class lists as of that year.'),
  ).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Add student' })).toHaveCount(0);
  await main(page).getByRole('textbox', { name: 'Search' }).fill('');
  await pick(page, 'Section', 'I-A');
  await expect(
    main(page).getByText(new RegExp(`–${Math.min(25, first.students)} of ${first.students}$`)),
  ).toBeVisible();
  await expect(main(page).getByRole('columnheader', { name: 'Outcome' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-lists-last-year.png`, fullPage: true });
  await pick(page, 'Section', 'V-A');
  await expect(main(page).getByRole('gridcell', { name: 'Passed out' }).first()).toBeVisible();
  await main(page).getByRole('button', { name: 'Back to the current session' }).click();
  await expect(main(page).getByText(/Viewing session/)).toHaveCount(0);
  await context.close();
});
