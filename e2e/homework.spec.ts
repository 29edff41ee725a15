import { expect, test } from './fixtures';
import { apiAs, main, signIn } from './helpers';

const SHOT = (name: string) => `/tmp/homework-${name}.png`;
/** A one-page PDF worksheet, and a small PNG for the pupil's photographed notebook. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('a teacher sets homework with a worksheet and edits it, the student hands it in on a phone, the teacher marks it and the student reads the marks', async ({
  page,
}) => {
  // Four sign-ins and three uploads.
  test.setTimeout(180_000);
  // The demo student's section and name, as their own lists tell them.
  const pupil = await apiAs('localhost', 'student@schooliko.dev', 'student');
  const me = (await (await pupil.get('/api/students?limit=1')).json()).data.items[0] as {
    full_name: string;
    section_name: string;
  };
  const seeded = (await (await pupil.get('/api/homework/own?limit=1')).json()).data.items[0] as {
    section_label: string;
  };
  await pupil.dispose();
  const first = `Chapter 5 exercise 5.1 (Q1–8) ${Date.now() % 100_000}`;
  const title = first.replace('(Q1–8)', '(Q1–10)');
  // A day as a person types it: dd/mm/yyyy.
  const inDays = (n: number) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + n * 864e5));

  // The teacher sets it from Academics › Homework, with a PDF attached, and publishes it.
  await signIn(page, 'teacher@schooliko.dev', 'Teacher');
  const nav = page.getByRole('navigation');
  const group = nav.getByRole('button', { name: 'Academics', exact: true });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await nav.getByRole('link', { name: 'Homework' }).click();
  await expect(page).toHaveURL(/\/homework$/);
  // Each card has its hand-in bar.
  await expect(
    main(page)
      .getByRole('progressbar', { name: /handed in/ })
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: SHOT('teacher-list'), fullPage: true });
  await main(page).getByRole('button', { name: 'Set homework' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Class and subject' }).click();
  await page.getByRole('option', { name: `${seeded.section_label} · Mathematics` }).click();
  await dialog.getByLabel('Title').fill(first);
  await dialog.getByLabel('Instructions').fill('Do all the sums in your notebook. Show each step.');
  await dialog.getByLabel('Maximum marks').fill('10');
  await dialog.getByTestId('homework-file-input').setInputFiles({
    name: 'worksheet-5.1.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(dialog.getByText(/worksheet-5\.1\.pdf/)).toBeVisible();
  await page.screenshot({ path: SHOT('set-dialog') });
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/homework\/[0-9a-f-]{36}$/);
  // Publishing says so (it was silent: issue 32, item 7).
  await expect(
    page.getByRole('alert').filter({ hasText: 'Homework published: the pupils can see it' }),
  ).toBeVisible();
  const assignmentUrl = new URL(page.url()).pathname;
  await expect(main(page).getByRole('heading', { name: first })).toBeVisible();
  await expect(main(page).getByText(`Pupils (0 of`)).toBeVisible();

  // Nobody has handed it in yet: the teacher edits it (two more questions, a later due date).
  await main(page).getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit homework' });
  await expect(edit.getByLabel('Class and subject')).toHaveValue(`${seeded.section_label} · Mathematics`);
  await expect(edit.getByText(/worksheet-5\.1\.pdf/)).toBeVisible();
  await edit.getByLabel('Title').fill('');
  await expect(edit.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await edit.getByLabel('Title').fill(title);
  await edit
    .getByLabel('Instructions')
    .fill('Do all the sums in your notebook, Q9 and Q10 too. Show each step.');
  await edit.getByLabel('Due date').fill(inDays(3));
  await page.screenshot({ path: SHOT('edit-dialog') });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Homework updated')).toBeVisible();
  await expect(main(page).getByRole('heading', { name: title })).toBeVisible();
  await expect(main(page).getByText(/Q9 and Q10 too/)).toBeVisible();
  await page.screenshot({ path: SHOT('edited'), fullPage: true });

  // The student, on a 390 px phone, finds it pending, reads the worksheet's name and hands in work.
  await page.context().clearCookies();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'student@schooliko.dev', 'Student');
  await page.goto('/homework');
  const row = main(page).getByRole('link', { name: new RegExp(title.replace(/[()]/g, '\\$&')) });
  await expect(row.getByText('Pending')).toBeVisible();
  await page.screenshot({ path: SHOT('student-list-390'), fullPage: true });
  await row.click();
  await expect(main(page).getByText(/worksheet-5\.1\.pdf/)).toBeVisible();
  await main(page).getByLabel('Your answer').fill('1) 24  2) 3/4  3) 120 … all steps in the notebook photo.');
  await main(page).getByTestId('homework-file-input').setInputFiles({
    name: 'notebook.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(main(page).getByText(/notebook\.png/)).toBeVisible();
  await main(page).getByRole('button', { name: 'Submit' }).click();
  await expect(main(page).getByText('Your work has been handed in.')).toBeVisible();
  await expect(main(page).getByText('Your work', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: SHOT('student-submitted-390'), fullPage: true });

  // The teacher marks it: more than the maximum is refused, then 9 with feedback.
  await page.context().clearCookies();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'teacher@schooliko.dev', 'Teacher');
  await page.goto(assignmentUrl);
  await main(page).getByRole('list', { name: 'Pupils' }).getByText(me.full_name).click();
  await expect(main(page).getByText(/all steps in the notebook photo/)).toBeVisible();
  await main(page).getByLabel('Marks (out of 10)').fill('11');
  await main(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(main(page).getByText('Marks cannot be more than 10').first()).toBeVisible();
  await main(page).getByLabel('Marks (out of 10)').fill('9');
  await main(page).getByLabel('Feedback').fill('Neat work. Check step 3 of Q5.');
  await main(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(main(page).getByText('Marks saved')).toBeVisible();
  await expect(main(page).getByText('9/10').first()).toBeVisible();
  // Marked work fixes the homework as the pupils answered it: no more editing.
  await expect(main(page).getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await page.screenshot({ path: SHOT('teacher-marking'), fullPage: true });

  // The student sees the marks and the feedback, and can no longer hand it in again.
  await page.context().clearCookies();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'student@schooliko.dev', 'Student');
  await page.goto('/homework');
  await main(page).getByRole('tab', { name: 'Marked' }).click();
  await expect(
    main(page)
      .getByRole('link', { name: new RegExp(title.replace(/[()]/g, '\\$&')) })
      .getByText('9/10'),
  ).toBeVisible();
  await page.goto(assignmentUrl);
  await expect(main(page).getByText('Marks: 9 out of 10')).toBeVisible();
  await expect(main(page).getByText('Neat work. Check step 3 of Q5.')).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Change and hand in again' })).toHaveCount(0);
  await page.screenshot({ path: SHOT('student-marked-390'), fullPage: true });
});
