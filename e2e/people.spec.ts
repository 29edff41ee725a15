import { writeFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { apiAs, main, signIn, watchFor } from './helpers';

const SHOTS = '/tmp/people';

/** A register as a school keeps it: Indian day-first dates, a section label, one row with mistakes. */
function registerCsv(): string {
  const rows = [
    'Admission No,First Name,Last Name,Date of Birth,Gender,Section,RTE,Father Name,Father Phone',
  ];
  for (let n = 1; n <= 40; n++)
    rows.push(
      `E2E/${String(n).padStart(3, '0')},Tanvi${n},Gokhale,0${(n % 9) + 1}/06/2016,F,IV-A,no,Milind Gokhale,98220${String(10000 + n)}`,
    );
  rows.push('E2E/999,,Mistry,31/02/2016,X,IV-Z,maybe,,');
  return `${rows.join('\r\n')}\r\n`;
}

test('admin imports a register, finds a student, edits a guardian phone and exports the filtered list', async ({
  page,
}) => {
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Students' }).click();
  await expect(page).toHaveURL(/\/student$/);
  await expect(main(page).getByRole('heading', { name: 'Students' })).toBeVisible();
  // The seeded school: about 1,200 pupils, paged on the server.
  await expect(main(page).getByText(/of 1,?[12]\d\d/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-list.png`, fullPage: true });

  // Import: check the file first (errors by line and field, nothing written), then import the valid rows.
  const file = '/tmp/e2e-register.csv';
  writeFileSync(file, registerCsv());
  await main(page).getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import students' });
  await dialog.getByLabel('Choose file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await expect(dialog.getByText('41 rows read: 40 valid, 1 with errors.')).toBeVisible();
  const errors = dialog.getByRole('table', { name: /Rows with errors/ });
  await expect(errors.getByRole('row', { name: /42 First name Please enter a name/ })).toBeVisible();
  await expect(errors.getByRole('row', { name: /42 Section No section "IV-Z"/ })).toBeVisible();
  await expect(
    errors.getByRole('row', { name: /42 RTE 12\(1\)\(c\) \/ EWS Please answer yes or no/ }),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-import-preview.png` });
  // The progress bar shows while the job runs (watched from the page: 40 rows are quick).
  const sawProgress = await watchFor(page, '[role="dialog"] [role="progressbar"]');

  await dialog.getByRole('button', { name: 'Import 40 valid rows' }).click();
  await expect(dialog.getByText('40 students imported.')).toBeVisible({ timeout: 20_000 });
  expect(await sawProgress()).toBe(true);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Find a student by name; open the record.
  await main(page).getByRole('textbox', { name: 'Search' }).fill('tanvi17 gokhale');
  await expect(main(page).getByRole('row', { name: /E2E\/017 .*Tanvi17 Gokhale/ })).toBeVisible();
  await expect(main(page).getByRole('row')).toHaveCount(2);
  await main(page)
    .getByRole('row', { name: /Tanvi17 Gokhale/ })
    .click();
  await expect(page).toHaveURL(/\/student\/[0-9a-f-]{36}$/);
  await expect(main(page).getByRole('heading', { name: 'Tanvi17 Gokhale' })).toBeVisible();
  await expect(main(page).getByText('E2E/017 · IV-A')).toBeVisible();

  // The guardian's phone, edited and kept in the history.
  await main(page).getByRole('tab', { name: 'Guardians' }).click();
  await main(page).getByRole('button', { name: 'Edit phone Milind Gokhale' }).click();
  await main(page).getByLabel('Phone').fill('12345');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(main(page).getByText('Please enter a valid 10-digit mobile number')).toBeVisible();
  await main(page).getByLabel('Phone').fill('98500 12345');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(main(page).getByText('Phone: 9850012345')).toBeVisible();
  await main(page).getByRole('tab', { name: 'History' }).click();
  await expect(main(page).getByText('Imported from a file')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-profile.png`, fullPage: true });

  // Export the filtered list: the file holds exactly the rows the filter shows.
  await main(page).getByRole('link', { name: 'Back to the list' }).click();
  await main(page).getByRole('textbox', { name: 'Search' }).fill('gokhale');
  await expect(main(page).getByText(/1–25 of 40/)).toBeVisible();
  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Export CSV' }).click();
  const path = await (await download).path();
  const { readFileSync } = await import('node:fs');
  const lines = readFileSync(path, 'utf8').trim().split(/\r\n/);
  expect(lines).toHaveLength(41);
  expect(lines[0]).toContain('Admission No,Roll No,First Name');
});

test('a teacher sees only their sections; a parent only their child; at 390 px too', {
  tag: '@soak',
}, async ({ browser }) => {
  const teacher = await browser.newPage();
  await signIn(teacher, 'teacher@schooliko.dev', 'Teacher');
  // The teacher's own home stays at /teacher; the Students list is not theirs.
  await teacher.goto('/teacher');
  await expect(teacher).toHaveURL(/\/teacher$/);
  const asTeacher = await apiAs('localhost', 'teacher@schooliko.dev', 'teacher');
  const students = await asTeacher.get('/api/students?limit=100');
  const sections = new Set(
    ((await students.json()).data.items as { section_name: string }[]).map((s) => s.section_name),
  );
  expect([...sections].sort()).toEqual(['VII-A', 'VII-B', 'VII-C']);
  await asTeacher.dispose();
  // The sidebar's Students is open to a class teacher: it lists the pupils of their sections (issue 32).
  await teacher.getByRole('navigation').getByRole('link', { name: 'Students' }).click();
  await expect(teacher).toHaveURL(/\/teacher\/students$/);
  await expect(main(teacher).getByRole('grid')).toContainText('VII-B');
  await teacher.close();

  const parent = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(parent, 'parent@schooliko.dev', 'Parent');
  const asParent = await apiAs('localhost', 'parent@schooliko.dev', 'parent');
  const child = await asParent.get('/api/students');
  const items = (await child.json()).data.items as { id: string; full_name: string }[];
  await asParent.dispose();
  expect(items.map((s) => s.full_name)).toEqual(['Arjun Patil']);
  await parent.goto(`/student/${items[0]?.id}`);
  await expect(main(parent).getByRole('heading', { name: 'Arjun Patil' })).toBeVisible();
  await expect(main(parent).getByRole('tab', { name: 'History' })).toHaveCount(0);
  await parent.screenshot({ path: `${SHOTS}-parent-390.png`, fullPage: true });
  await parent.goto('/student');
  await expect(parent).toHaveURL(/\/unauthorized$/);
  await parent.close();
});

test('at 390 px the students list shows name and class and opens a record', { tag: '@soak' }, async ({
  browser,
}) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await page.goto('/student');
  await expect(main(page).getByRole('columnheader', { name: 'Name' })).toBeVisible();
  await expect(main(page).getByRole('columnheader', { name: 'Date of birth' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}-list-390.png`, fullPage: true });
  // Turned to a wide screen, every column comes back (the grid must not keep the phone's choice).
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(main(page).getByRole('columnheader', { name: 'Date of birth' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(main(page).getByRole('columnheader', { name: 'Date of birth' })).toHaveCount(0);
  await main(page).getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/student\/[0-9a-f-]{36}$/);
  await page.close();
});

test("the students list's own controls read in Hindi: rows per page, the page count, columns and search", {
  tag: '@soak',
}, async ({ page }) => {
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await page.goto('/student');
  const grid = main(page).getByRole('grid');
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await expect(main(page).getByText('Rows per page:')).toBeVisible();
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
  // The grid's own words follow the language (issue 32: they stayed English).
  await expect(main(page).getByText('प्रति पृष्ठ पंक्तियाँ:')).toBeVisible();
  await expect(main(page).getByText(/\d+ में से 1–25/)).toBeVisible();
  await expect(main(page).getByText('Rows per page:')).toHaveCount(0);
  const toolbar = main(page).getByRole('toolbar');
  await expect(toolbar.getByRole('button', { name: 'कॉलम', exact: true })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'खोजें', exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-hindi-grid.png`, fullPage: true });
});
