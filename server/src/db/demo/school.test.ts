import { DEV_DOMAIN } from '@schooliko/common/hosts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../modules/auth/auth.table';
import { institutes } from '../../modules/institutes/institutes.table';
import { as, tokenFor } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemo } from '../seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db);
});
afterAll(() => t.close());

async function headersOf(email: string, role: 'admin' | 'teacher' | 'student' | 'parent') {
  const db = t.database.db;
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const [dev] = await db.select().from(institutes).where(eq(institutes.domain, DEV_DOMAIN));
  if (!user || !dev) throw new Error('demo not seeded');
  return as(dev, await tokenFor(t.app, user, dev, role));
}

async function list(headers: Record<string, string>, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/students?limit=100${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    items: { full_name: string; section_name: string }[];
    pagination: { total: number };
  };
}

describe('the demo school', () => {
  it('has about 1,200 students in classes Nursery to XII', async () => {
    const all = await list(await headersOf('admin@schooliko.dev', 'admin'));
    expect(all.pagination.total).toBeGreaterThan(1100);
    expect(all.pagination.total).toBeLessThan(1300);
  });

  it('shows the demo teacher the pupils of the section they lead and the two they teach in', async () => {
    const mine = await list(await headersOf('teacher@schooliko.dev', 'teacher'));
    const sections = new Set(mine.items.map((s) => s.section_name));
    expect([...sections].sort()).toEqual(['VII-A', 'VII-B', 'VII-C']);
    expect(mine.pagination.total).toBeLessThan(120);
  });

  it('gives the student account its own record, and the parent accounts their own child', async () => {
    const me = await list(await headersOf('student@schooliko.dev', 'student'));
    expect(me.items.map((s) => s.full_name)).toEqual(['Arjun Patil']);
    const child = await list(await headersOf('parent@schooliko.dev', 'parent'));
    expect(child.items.map((s) => [s.full_name, s.section_name])).toEqual([['Arjun Patil', 'VII-B']]);
    const teachersChild = await list(await headersOf('teacher@schooliko.dev', 'parent'));
    expect(teachersChild.items).toHaveLength(1);
    expect(teachersChild.items[0]?.full_name).toMatch(/ Deshpande$/);
    expect(teachersChild.items[0]?.full_name).not.toBe('Arjun Patil');
  });

  it('seeds once: a second run adds nothing', async () => {
    const before = (await list(await headersOf('admin@schooliko.dev', 'admin'))).pagination.total;
    await seedDemo(t.database.db);
    expect((await list(await headersOf('admin@schooliko.dev', 'admin'))).pagination.total).toBe(before);
  });
});
