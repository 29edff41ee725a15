import { expect, type Page, test } from './fixtures';
import { apiAs, main, signIn } from './helpers';

const SHOTS = '/tmp/guardians';

/** Two new pupils of one family, added through the API; answers their ids. */
async function twoSiblings(tag: string): Promise<[string, string]> {
  const admin = await apiAs('localhost', 'admin@schooliko.dev', 'admin');
  const ids: string[] = [];
  for (const [n, first] of [
    [1, 'Ira'],
    [2, 'Neel'],
  ] as const) {
    const res = await admin.post('/api/students', {
      data: {
        admission_no: `GD/${tag}/${n}`,
        first_name: first,
        last_name: `Patil${tag}`,
        date_of_birth: '2016-04-12',
        gender: n === 1 ? 'female' : 'male',
      },
    });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { data: { id: string } }).data.id);
  }
  await admin.dispose();
  return [ids[0] ?? '', ids[1] ?? ''];
}

async function openGuardians(page: Page, id: string) {
  await page.goto(`/student/${id}`);
  await main(page).getByRole('tab', { name: 'Guardians' }).click();
}

async function journey(page: Page, tag: string, shots: string) {
  const [ira, neel] = await twoSiblings(tag);
  await signIn(page, 'admin@schooliko.dev', 'Admin');

  // A new pupil has nobody yet: the tab says so and offers to add a parent.
  await openGuardians(page, ira);
  await expect(main(page).getByText('No guardian is linked to this student yet.')).toBeVisible();
  await main(page).getByRole('button', { name: 'Add parent or guardian' }).click();
  const dialog = page.getByRole('dialog', { name: `Add a parent or guardian of Ira Patil${tag}` });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(`Sunita Patil${tag}`);
  await dialog.getByRole('textbox', { name: /^Phone/ }).fill('12345');
  await dialog.getByRole('button', { name: 'Add' }).click();
  // Asked for in order: the relation first, then what the server checks.
  await expect(dialog.getByText('Please choose the relation')).toBeVisible();
  await dialog.getByRole('combobox', { name: /^Relation/ }).click();
  await page.getByRole('option', { name: 'Mother', exact: true }).click();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Please enter a valid 10-digit mobile number')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Phone/ }).fill('98220 55555');
  await page.screenshot({ path: `${shots}-add-new.png` });
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  const mother = main(page).getByRole('region', { name: `Sunita Patil${tag}` });
  await expect(mother.getByText('Mother · May collect the child')).toBeVisible();
  await expect(mother.getByText('Phone: 9822055555')).toBeVisible();

  // Her second child: the same mother, found on record by her phone, not entered twice.
  await openGuardians(page, neel);
  await main(page).getByRole('button', { name: 'Add parent or guardian' }).click();
  const second = page.getByRole('dialog', { name: `Add a parent or guardian of Neel Patil${tag}` });
  await second.getByRole('button', { name: 'Already on record' }).click();
  await second.getByRole('combobox', { name: 'Find by name or phone' }).fill(`Sunita Patil${tag}`);
  await page.getByRole('option', { name: `Sunita Patil${tag} · 9822055555` }).click();
  await second.getByRole('combobox', { name: /^Relation/ }).click();
  await page.getByRole('option', { name: 'Mother', exact: true }).click();
  await second.getByLabel('May collect the child').uncheck();
  await page.screenshot({ path: `${shots}-add-existing.png` });
  await second.getByRole('button', { name: 'Add' }).click();
  await expect(second).toBeHidden();
  const tied = main(page).getByRole('region', { name: `Sunita Patil${tag}` });
  await expect(tied.getByText('Mother', { exact: true })).toBeVisible();

  // The tie ends only when confirmed; her record and her other child stay.
  await tied.getByRole('button', { name: `Remove Sunita Patil${tag}` }).click();
  const remove = page.getByRole('dialog', { name: `Remove Sunita Patil${tag} from Neel Patil${tag}?` });
  await remove.getByRole('button', { name: 'Cancel' }).click();
  await expect(tied).toBeVisible();
  await tied.getByRole('button', { name: `Remove Sunita Patil${tag}` }).click();
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(remove).toBeHidden();
  await expect(main(page).getByText('No guardian is linked to this student yet.')).toBeVisible();
  await openGuardians(page, ira);
  await expect(main(page).getByRole('region', { name: `Sunita Patil${tag}` })).toBeVisible();
  await page.screenshot({ path: `${shots}-tab.png`, fullPage: true });
}

test('admin adds a new mother to one child, finds her on record for the second, and ends a tie', {
  tag: '@soak',
}, async ({ page }) => {
  await journey(page, `D${Date.now().toString(36)}`, SHOTS);
});

test('the same at 390 px', { tag: '@soak' }, async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await journey(page, `P${Date.now().toString(36)}`, `${SHOTS}-390`);
  await page.close();
});
