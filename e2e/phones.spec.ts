import { formatRupees } from '@schooliko/common/fees/money';
import { expect, type Locator, type Page, test } from './fixtures';
import { apiAs, main, signIn } from './helpers';

const SHOTS = '/tmp/phones';
const PHONE = { width: 390, height: 844 };
const STATUS: Record<string, string> = {
  due: 'Due',
  'partly-paid': 'Part paid',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

/** The element lies whole inside the phone's width: nothing cut off at the right (issue 32, 12). */
async function inView(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(PHONE.width);
}

/** Nothing on the page scrolls sideways; the whole page is kept as a screenshot to look at. */
async function wholeWidth(page: Page, name: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  await page.screenshot({ path: `${SHOTS}-${name}.png`, fullPage: true });
}

async function onPhone(page: Page, email: string, role: string) {
  await page.setViewportSize(PHONE);
  await signIn(page, email, role);
}

test("a parent's fees and attendance on a phone: every due's status and every receipt's print in view", {
  tag: '@soak',
}, async ({ page }) => {
  const api = await apiAs('localhost', 'parent@schooliko.dev', 'parent');
  const [child] = (await (await api.get('/api/fees/mine')).json()).data.items;
  const dues = (await (await api.get(`/api/fees/dues?student_id=${child.student_id}`)).json()).data;
  const receipts = (
    await (await api.get(`/api/fees/payments?student_id=${child.student_id}&limit=20`)).json()
  ).data.items;
  await api.dispose();
  expect(dues.items.length).toBeGreaterThan(3);

  await onPhone(page, 'parent@schooliko.dev', 'Parent');
  await page.goto('/tuition-fees');
  const region = main(page).getByRole('region', { name: child.student_name });
  // Below sm each due is a card: its fee type, instalment and date, then its balance and status.
  const cards = region.getByRole('list', { name: 'Dues' }).getByRole('listitem');
  await expect(cards).toHaveCount(dues.items.length);
  await expect(region.getByRole('table')).toHaveCount(0);
  for (const [n, due] of (
    dues.items as { head_name: string; status: string; balance_paise: number }[]
  ).entries()) {
    const card = cards.nth(n);
    await expect(card).toContainText(due.head_name);
    await expect(card).toContainText(formatRupees(due.balance_paise));
    await inView(card.getByText(STATUS[due.status] ?? '?', { exact: true }));
  }
  // The total line, with a late fine beside it when a fine rule has come to apply (another journey
  // may have set one).
  await expect(region.locator('p').filter({ hasText: /^Total due/ })).toContainText(
    formatRupees(dues.total_due_paise),
  );
  const receiptCards = region.getByRole('list', { name: 'Receipts' }).getByRole('listitem');
  await expect(receiptCards).toHaveCount(receipts.length);
  await inView(receiptCards.first().getByRole('button', { name: 'Print' }));
  const [pdf, tab] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/receipt.pdf')),
    page.waitForEvent('popup'),
    receiptCards.first().getByRole('button', { name: 'Print' }).click(),
  ]);
  expect(pdf.status()).toBe(200);
  await tab.close();
  await wholeWidth(page, 'parent-fees-390');

  // Attendance: the month's tiles, a whole week's row of them inside the width.
  await page.goto('/attendance');
  await expect(page.getByTestId('month-percent')).toHaveText(/%$/);
  const tiles = main(page).getByText(/^(Sun|Mon|Tue|Wed|Thu|Fri|Sat), \d+ Nov$/);
  await expect(tiles).toHaveCount(30);
  for (const n of [0, 2, 29]) await inView(tiles.nth(n));
  await wholeWidth(page, 'parent-attendance-390');
});

test('a teacher enters marks on a phone: a card per pupil, Enter moves to the next, Save keeps them', {
  tag: '@soak',
}, async ({ page }) => {
  const api = await apiAs('localhost', 'teacher@schooliko.dev', 'teacher');
  type Row = { name: string; marks: number | null; status: string | null };
  const exams = (await (await api.get('/api/exams')).json()).data.items as { id: string; name: string }[];
  // The first of the teacher's papers with two pupils one after the other with no mark yet
  // (whatever other journeys, or an earlier run on the same data, entered).
  let found:
    | { exam: string; label: string; subject: string; query: string; before: Row[]; blank: number }
    | undefined;
  for (const exam of exams) {
    const sheets = (await (await api.get(`/api/exams/${exam.id}/sheets`)).json()).data.items as {
      section_id: string;
      section_label: string;
      subject_id: string;
      subject_name: string;
    }[];
    for (const sheet of sheets) {
      const query = `${exam.id}/sheet?section_id=${sheet.section_id}&subject_id=${sheet.subject_id}`;
      const rows = (await (await api.get(`/api/exams/${query}`)).json()).data?.rows as Row[] | undefined;
      const blank = (rows ?? []).findIndex((r, n) => r.status === null && rows?.[n + 1]?.status === null);
      if (rows && blank >= 0) {
        found = {
          exam: exam.name,
          label: sheet.section_label,
          subject: sheet.subject_name,
          query,
          before: rows,
          blank,
        };
        break;
      }
    }
    if (found) break;
  }
  if (!found) throw new Error('no paper of the teacher has two pupils without marks');
  const { before, blank } = found;
  const read = async () => (await (await api.get(`/api/exams/${found.query}`)).json()).data.rows as Row[];
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  await onPhone(page, 'teacher@schooliko.dev', 'Teacher');
  await page.goto('/exams');
  const screen = main(page);
  await screen.getByRole('combobox', { name: 'Exam' }).click();
  await page.getByRole('option', { name: new RegExp(`^${literal(found.exam)}`) }).click();
  await screen.getByRole('combobox', { name: 'Section and subject' }).click();
  await page
    .getByRole('option', {
      name: new RegExp(`^${literal(found.label)} · ${literal(found.subject)} .* yours$`),
    })
    .click();
  const cards = screen.getByRole('list', { name: 'Marks entry' }).getByRole('listitem');
  await expect(cards).toHaveCount(before.length);
  await expect(screen.getByRole('table')).toHaveCount(0);
  const first = screen.getByRole('textbox', { name: `Marks of ${before[blank]?.name}` });
  const second = screen.getByRole('textbox', { name: `Marks of ${before[blank + 1]?.name}` });
  await inView(first);
  await first.click();
  await page.keyboard.type('31');
  await page.keyboard.press('Enter');
  await expect(second).toBeFocused();
  await inView(second);
  await page.keyboard.type('12.5');
  await page.screenshot({ path: `${SHOTS}-marks-390.png` });
  const save = screen.getByRole('button', { name: 'Save 2 changes' });
  await inView(save);
  await save.click();
  await expect(screen.getByText('2 marks saved')).toBeVisible();
  const after = await read();
  await api.dispose();
  expect([after[blank]?.marks, after[blank + 1]?.marks]).toEqual([31, 12.5]);
  await wholeWidth(page, 'marks-saved-390');
});

test("the office's dues and visitors on a phone: cards with the amount and status in view, paged, each opening its record", {
  tag: '@soak',
}, async ({ page }) => {
  const api = await apiAs('localhost', 'admin@schooliko.dev', 'admin');
  const page1 = (await (await api.get('/api/fees/defaulters?page=1&limit=25')).json()).data;
  const page2 = (await (await api.get('/api/fees/defaulters?page=2&limit=25')).json()).data;
  const visitors = (await (await api.get('/api/visitors?page=1&limit=25')).json()).data;
  await api.dispose();

  await onPhone(page, 'admin@schooliko.dev', 'Admin');
  await page.goto('/dues');
  const dues = main(page).getByRole('list', { name: 'Defaulters' }).getByRole('listitem');
  await expect(dues).toHaveCount(25);
  await expect(main(page).getByRole('grid')).toHaveCount(0);
  const [top] = page1.items as { student_id: string; student_name: string; overdue_paise: number }[];
  await expect(dues.first()).toContainText(top?.student_name ?? '?');
  await inView(dues.first().getByText(formatRupees(top?.overdue_paise ?? -1)));
  await expect(main(page).getByText(`1–25 of ${page1.pagination.total}`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-dues-390.png` });
  await main(page).getByRole('button', { name: 'Go to next page' }).click();
  await expect(main(page).getByText(`26–50 of ${page1.pagination.total}`)).toBeVisible();
  await expect(dues.first()).toContainText(page2.items[0].student_name);
  await dues.first().getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`/student/${page2.items[0].student_id}$`));

  await page.goto('/visitors');
  const cards = main(page).getByRole('list', { name: 'Visitors' }).getByRole('listitem');
  await expect(cards).toHaveCount(visitors.items.length);
  for (const [n, v] of (visitors.items as { name: string; status: string; overstay: boolean }[]).entries()) {
    await expect(cards.nth(n)).toContainText(v.name);
    const status = v.status === 'out' ? 'Left' : v.overstay ? 'In · Overstay' : 'In';
    await inView(
      cards
        .nth(n)
        .getByRole('definition')
        .filter({ hasText: new RegExp(`^${status}$`) }),
    );
  }
  await wholeWidth(page, 'visitors-390');
  await cards.first().getByRole('button').click();
  await expect(page.getByRole('dialog', { name: new RegExp(visitors.items[0].name) })).toBeVisible();
});
