import { writeFileSync } from 'node:fs';
import { expect, type Page, test } from './fixtures';
import { apiAs, main, signIn } from './helpers';

const SHOTS = '/tmp/exams';
const EXAM = 'Class Test 3';
const REMARK = 'Excellent effort in Mathematics; उत्तम प्रदर्शन!';

/** A PDF's text as pdf.js reads it (spaces between runs collapsed). */
async function pdfText(bytes: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes) }).promise;
  const page = await doc.getPage(1);
  const items = (await page.getTextContent()).items;
  return items
    .map((i) => ('str' in i ? i.str : ''))
    .join(' ')
    .replace(/\s+/g, ' ');
}

async function openExams(page: Page) {
  const nav = page.getByRole('navigation');
  const group = nav.getByRole('button', { name: 'Academics', exact: true });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await nav.getByRole('link', { name: 'Exams' }).click();
  await expect(page).toHaveURL(/\/exams$/);
}

test('the office adds an exam, a teacher fills the grid by keyboard, the office publishes, a parent downloads the report card at 390 px', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const screen = main(page);

  // The office adds the exam for class VII with Mathematics out of 25, and opens marks entry.
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await openExams(page);
  await expect(screen.getByRole('heading', { name: 'Exams and results', level: 1 })).toBeVisible();
  await expect(screen.getByText('Unit Test 2')).toBeVisible();
  await screen.getByRole('button', { name: 'Add exam' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(EXAM);
  await dialog.getByRole('combobox', { name: 'Term' }).click();
  await page.getByRole('option', { name: 'Term 2' }).click();
  await dialog.getByLabel('First day').fill('30/11/2026');
  await dialog.getByLabel('Last day').fill('02/12/2026');
  await dialog.getByRole('checkbox', { name: 'VII', exact: true }).check();
  await dialog.getByLabel('Maximum marks of Mathematics').fill('25');
  await dialog.getByLabel('Pass marks of Mathematics').fill('9');
  await page.screenshot({ path: `${SHOTS}-dialog.png` });
  await dialog.getByRole('button', { name: 'Add exam' }).click();
  await expect(dialog).toBeHidden();
  const card = screen.getByTestId('exam-card').filter({ hasText: EXAM });
  await card.getByRole('button', { name: 'Open marks entry' }).click();
  await dialog.getByRole('button', { name: 'Open marks entry' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Marks entry')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-office-desktop.png`, fullPage: true });

  // The demo teacher's own sheets come first; VII-B's Mathematics is filled by keyboard.
  await page.context().clearCookies();
  await signIn(page, 'teacher@schooliko.dev', 'Teacher');
  await openExams(page);
  await expect(screen.getByRole('tab', { name: 'Marks entry', selected: true })).toBeVisible();
  await screen.getByRole('combobox', { name: 'Exam' }).click();
  await page.getByRole('option', { name: new RegExp(`^${EXAM}`) }).click();
  await screen.getByRole('combobox', { name: 'Section and subject' }).click();
  await page.getByRole('option', { name: /^VII-B · Mathematics .* yours$/ }).click();
  await expect(screen.getByText('Out of 25 · pass 9')).toBeVisible();
  const cells = screen.getByRole('textbox', { name: /^Marks of / });
  const count = await cells.count();
  expect(count).toBeGreaterThan(10);
  await cells.first().click();
  for (let n = 0; n < count; n++) {
    const value = n === 1 ? 'AB' : n === 2 ? '30' : n === 3 ? '17.5' : String(8 + ((n * 7) % 17));
    await page.keyboard.type(value);
    await page.keyboard.press(n % 2 ? 'Tab' : 'Enter');
  }
  // 30 is above the maximum: the cell says so and Save waits.
  await expect(screen.getByText('At most 25')).toBeVisible();
  await expect(screen.getByRole('button', { name: /^Save / })).toBeDisabled();
  await cells.nth(2).fill('24');
  await screen.getByRole('button', { name: `Save ${count} changes` }).click();
  await expect(screen.getByText(`${count} marks saved`)).toBeVisible();
  await expect(screen.getByText(`${count} of ${count} entered`)).toBeVisible();
  await expect(screen.getByText(/last saved by Priya Deshpande/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-grid-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(cells.first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-grid-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // As VII-B's class teacher they write a remark for its report cards (the term's), in two scripts.
  await screen.getByRole('tab', { name: 'Remarks' }).click();
  await screen.getByRole('combobox', { name: 'Exam' }).click();
  await page.getByRole('option', { name: new RegExp(`^${EXAM}`) }).click();
  await expect(screen.getByRole('heading', { name: 'Remarks · VII-B · Term 2 report card' })).toBeVisible();
  const remarkCells = screen.getByRole('textbox', { name: /^Remark for / });
  expect(await remarkCells.count()).toBeGreaterThan(10);
  await remarkCells.first().fill(REMARK);
  await screen.getByRole('button', { name: 'Save 1 remark' }).click();
  await expect(page.getByText('1 remark saved')).toBeVisible();
  await expect(screen.getByRole('button', { name: 'Save 0 remarks' })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}-remarks-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(remarkCells.first()).toHaveValue(REMARK);
  await page.screenshot({ path: `${SHOTS}-remarks-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  // The pupil's Term 2 report card prints it as the class teacher's remark.
  const teacherApi = await apiAs('localhost', 'teacher@schooliko.dev', 'teacher');
  const exams = (await (await teacherApi.get('/api/exams')).json()).data.items as {
    id: string;
    name: string;
  }[];
  const examId = exams.find((e) => e.name === EXAM)?.id;
  const [led] = (await (await teacherApi.get(`/api/exams/${examId}/remark-sections`)).json()).data.items;
  const rows = (
    await (await teacherApi.get(`/api/exams/${examId}/remarks?section_id=${led.section_id}`)).json()
  ).data.rows as { student_id: string; remark: string }[];
  const pupil = rows.find((r) => r.remark === REMARK);
  expect(pupil).toBeDefined();
  const printed = await teacherApi.get(`/api/exams/report-cards/students/${pupil?.student_id}`);
  expect(printed.status()).toBe(200);
  const text = await pdfText(await printed.body());
  await teacherApi.dispose();
  expect(text).toContain("Class teacher's remark: Excellent effort in Mathematics;");
  expect(text).toContain('उत्तम');

  // The office publishes (after a confirmation) and reads the section's analysis.
  await page.context().clearCookies();
  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await openExams(page);
  await card.getByRole('button', { name: 'Publish results' }).click();
  await expect(dialog).toContainText('Pupils and parents will see the marks');
  await dialog.getByRole('button', { name: 'Publish results' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Published')).toBeVisible();
  await screen.getByRole('tab', { name: 'Results' }).click();
  await screen.getByRole('combobox', { name: 'Exam' }).click();
  await page.getByRole('option', { name: new RegExp(`^${EXAM}`) }).click();
  await screen.getByRole('combobox', { name: 'Section' }).click();
  await page.getByRole('option', { name: 'VII-B', exact: true }).click();
  await expect(screen.getByRole('cell', { name: /^Mathematics/ })).toBeVisible();
  await expect(screen.getByText('Toppers')).toBeVisible();
  await screen.getByRole('button', { name: 'All report cards of this section' }).click();
  await expect(screen.getByRole('button', { name: /^Download \(\d+ pages\)$/ })).toBeVisible({
    timeout: 30_000,
  });
  await page.screenshot({ path: `${SHOTS}-results-desktop.png`, fullPage: true });

  // A parent, on a phone, sees the child's published results and downloads the report card.
  await page.context().clearCookies();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'parent@schooliko.dev', 'Parent');
  await page.goto('/exams');
  await expect(screen.getByRole('heading', { name: `${EXAM} · Term 2` })).toBeVisible();
  await expect(screen.getByRole('heading', { name: 'Unit Test 2 · Term 2' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-parent-390.png`, fullPage: true });
  const [pdf] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/exams/report-cards/students/')),
    page.waitForEvent('popup'),
    screen.getByRole('button', { name: 'Report card (Term 2)' }).click(),
  ]);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  // The page read the bytes into its tab; the same address fetched again as the parent keeps a copy.
  const parent = await apiAs('localhost', 'parent@schooliko.dev', 'parent');
  const again = await parent.get(new URL(pdf.url()).pathname + new URL(pdf.url()).search);
  const bytes = await again.body();
  await parent.dispose();
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  writeFileSync(`${SHOTS}-parent-card.pdf`, bytes);
});
