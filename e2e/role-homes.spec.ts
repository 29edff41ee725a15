import { expect, test } from './fixtures';
import { main, signIn } from './helpers';

const SHOTS = '/tmp/role-homes';

test("a teacher's dashboard lists their classes; one opens that section's pupils", async ({ page }) => {
  await signIn(page, 'teacher@schooliko.dev', 'Teacher');
  await expect(page).toHaveURL(/\/teacher$/);
  const mine = main(page).getByRole('list', { name: 'My classes' });
  // The dashboard's first paint waits for its chunk, the academics strings and its answer.
  await expect(mine).toBeVisible({ timeout: 30_000 });
  await expect(mine.getByRole('link')).toHaveCount(3);
  await expect(mine.getByRole('link').first()).toContainText('VII-A');
  const seventhB = mine.getByRole('link', { name: /VII-B/ });
  const pupils = Number(/(\d+) pupils/.exec((await seventhB.textContent()) ?? '')?.[1]);
  expect(pupils).toBeGreaterThan(0);
  await page.screenshot({ path: `${SHOTS}-teacher.png`, fullPage: true });

  await seventhB.click();
  await expect(page).toHaveURL(/\/teacher\/students\?section_id=/);
  await expect(main(page).getByRole('heading', { name: 'Students of my sections' })).toBeVisible();
  await expect(main(page).getByText(new RegExp(`of ${pupils}$`))).toBeVisible();
  const classes = await main(page).getByRole('row').locator('[data-field="class"]').allTextContents();
  expect(new Set(classes.slice(1))).toEqual(new Set(['VII-B']));
});

test('a parent asks, from their phone, to change their child’s address; the office approves it', {
  tag: '@soak',
}, async ({ page, browser }) => {
  // Two people, two dashboards' first paints and the office's list: over a minute on a busy machine.
  test.slow();
  const address = `Flat ${Date.now() % 1000}, Shanti Niwas, Kothrud`;
  const parent = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(parent, 'parent@schooliko.dev', 'Parent');
  await expect(parent).toHaveURL(/\/parent$/);
  const children = main(parent).getByRole('list', { name: 'Children' });
  await expect(children).toBeVisible({ timeout: 30_000 });
  await expect(children.getByRole('link')).toHaveCount(1);
  await children.getByRole('link', { name: /Arjun Patil/ }).click();
  await expect(main(parent).getByRole('heading', { name: 'Arjun Patil' })).toBeVisible();
  await main(parent).getByRole('button', { name: 'Request a change' }).click();
  const dialog = parent.getByRole('dialog', { name: 'Request a change: Arjun Patil' });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please change at least one field');
  await dialog.getByLabel('Address').fill(address);
  await dialog.getByLabel('Note for the office (optional)').fill('We moved last month.');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Your request has been sent to the school office')).toBeVisible();
  await parent.screenshot({ path: `${SHOTS}-parent-390.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Close' }).click();
  // Nothing changes until the office approves.
  await expect(main(parent).getByText(address)).toHaveCount(0);

  await signIn(page, 'admin@schooliko.dev', 'Admin');
  await page.goto('/student');
  await main(page).getByRole('link', { name: 'Change requests' }).click();
  await expect(page).toHaveURL(/\/student\/change-requests$/);
  const card = main(page).getByLabel('Arjun Patil').filter({ hasText: address });
  await expect(
    card.getByRole('table', { name: 'Requested changes' }).getByRole('row', { name: /Address/ }),
  ).toContainText(address);
  await expect(card).toContainText('“We moved last month.”');
  await page.screenshot({ path: `${SHOTS}-review.png`, fullPage: true });
  await card.getByRole('button', { name: 'Approve and apply' }).click();
  await expect(card).toHaveCount(0);
  await main(page).getByRole('tab', { name: 'Approved' }).click();
  await expect(main(page).getByLabel('Arjun Patil').filter({ hasText: address })).toBeVisible();

  await parent.reload();
  await expect(main(parent).getByText(address)).toBeVisible();
  await parent.close();
});
