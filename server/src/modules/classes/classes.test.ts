import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { classesKit } from './classes.testing';

const t = useTestApp();

const { member, send, addYear, addClass, school, currentNames } = classesKit(() => t);

describe('academic years', () => {
  it('the first year becomes current; switching keeps exactly one current', async () => {
    const { school: s, admin } = await school();
    const parent = await member(s, 'parent');
    expect((await send('GET', parent.headers, '/api/academic-years/current')).json()).toEqual({
      success: true,
      data: null,
    });

    const y25 = await addYear(admin.headers, '2025-26');
    expect(y25.is_current).toBe(true);
    const y26 = await addYear(admin.headers, '2026-27');
    expect(y26.is_current).toBe(false);
    expect(await currentNames(s.id)).toEqual(['2025-26']);

    const switched = await send('POST', admin.headers, `/api/academic-years/${y26.id}/current`);
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ message: 'Academic year switched', data: { is_current: true } });
    expect(await currentNames(s.id)).toEqual(['2026-27']);
    // Again: still exactly one.
    await send('POST', admin.headers, `/api/academic-years/${y26.id}/current`);
    expect(await currentNames(s.id)).toEqual(['2026-27']);

    const y27 = await addYear(admin.headers, '2027-28', { is_current: true });
    expect(y27.is_current).toBe(true);
    expect(await currentNames(s.id)).toEqual(['2027-28']);

    const list = await send('GET', admin.headers, '/api/academic-years');
    expect(
      list.json().data.items.map((y: { name: string; is_current: boolean }) => [y.name, y.is_current]),
    ).toEqual([
      ['2027-28', true],
      ['2026-27', false],
      ['2025-26', false],
    ]);
    // Every member sees the session chip.
    for (const who of [parent, await member(s, 'student'), await member(s, 'teacher'), admin])
      expect((await send('GET', who.headers, '/api/academic-years/current')).json().data).toEqual({
        id: y27.id,
        name: '2027-28',
      });
  });

  it('refuses a duplicate name, bad dates, another institute and non-admins', async () => {
    const { school: s, admin } = await school();
    const other = await school();
    const y = await addYear(admin.headers, '2026-27');
    const dup = await send('POST', admin.headers, '/api/academic-years', {
      name: '2026-27',
      starts_on: '2026-06-01',
      ends_on: '2027-04-30',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ name: 'An academic year with this name already exists' });
    const backwards = await send('POST', admin.headers, '/api/academic-years', {
      name: '2028-29',
      starts_on: '2028-04-01',
      ends_on: '2028-03-01',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual({ ends_on: 'The year must end after it starts' });
    expect((await send('POST', other.admin.headers, `/api/academic-years/${y.id}/current`)).statusCode).toBe(
      404,
    );
    expect(await currentNames(s.id)).toEqual(['2026-27']);
    const teacher = await member(s, 'teacher');
    expect((await send('POST', teacher.headers, `/api/academic-years/${y.id}/current`)).statusCode).toBe(403);
    expect((await send('GET', other.admin.headers, '/api/academic-years')).json().data.items).toEqual([]);
  });
});

describe('classes', () => {
  it('lists in school order and refuses a duplicate name', async () => {
    const { admin } = await school();
    await addClass(admin.headers, 'VII', 9);
    await addClass(admin.headers, 'Nursery', 0);
    await addClass(admin.headers, 'I', 3);
    const dup = await send('POST', admin.headers, '/api/classes', { name: 'vii', sort_order: 10 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ name: 'A class with this name already exists' });
    const list = await send('GET', admin.headers, '/api/classes');
    expect(list.json().data.items.map((c: { name: string }) => c.name)).toEqual(['Nursery', 'I', 'VII']);
  });
});
