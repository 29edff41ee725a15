import { describe, expect, it } from 'vitest';
import { as } from '../../testing/factories';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { websites } from '../website/website.table';

const t = useTestApp();

type Headers = Record<string, string>;
const send = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', headers: Headers, url: string, payload?: object) =>
  t.app.inject({ method, url, headers, payload });

const event = (fields: object = {}) => ({
  title: 'Diwali vacation',
  kind: 'holiday',
  starts_on: '2026-11-09',
  ends_on: '2026-11-13',
  ...fields,
});

describe('the school calendar', () => {
  it("tells each day's state: the year, the weekly off, the second and fourth Saturday, a holiday", async () => {
    const s = await makeSchool(t.app);
    expect((await send('POST', s.admin.headers, '/api/calendar/events', event())).statusCode).toBe(201);
    const days = async (from: string, to: string) =>
      (await send('GET', s.admin.headers, `/api/calendar/days?from=${from}&to=${to}`)).json().data.items;

    // 2026-11-08 is a Sunday; Diwali closes Monday to Friday; the 14th is the second Saturday.
    expect((await days('2026-11-07', '2026-11-16')).map((d: { state: string }) => d.state)).toEqual([
      'working',
      'weeklyOff',
      'holiday',
      'holiday',
      'holiday',
      'holiday',
      'holiday',
      'working',
      'weeklyOff',
      'working',
    ]);
    const settings = await send('PUT', s.admin.headers, '/api/calendar/settings', {
      weekly_offs: [7],
      saturday_offs: [2, 4],
    });
    expect(settings.json().data).toEqual({ weekly_offs: [7], saturday_offs: [2, 4], public_events: false });
    const [nov14, nov21, nov28] = [
      await days('2026-11-14', '2026-11-14'),
      await days('2026-11-21', '2026-11-21'),
      await days('2026-11-28', '2026-11-28'),
    ];
    expect(nov14).toEqual([{ date: '2026-11-14', state: 'saturdayOff', holiday: null }]);
    expect(nov21[0].state).toBe('working');
    expect(nov28[0].state).toBe('saturdayOff');
    expect((await days('2026-11-10', '2026-11-10'))[0]).toEqual({
      date: '2026-11-10',
      state: 'holiday',
      holiday: 'Diwali vacation',
    });
    // Before the year began.
    expect((await days('2026-03-31', '2026-04-01')).map((d: { state: string }) => d.state)).toEqual([
      'outsideYear',
      'working',
    ]);
  });

  it('a cancelled holiday opens its days again; the event is kept and cannot be cancelled twice', async () => {
    const s = await makeSchool(t.app);
    const id = (await send('POST', s.admin.headers, '/api/calendar/events', event())).json().data.id;
    const cancel = await send('POST', s.admin.headers, `/api/calendar/events/${id}/cancel`);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data.cancelled).toBe(true);
    const again = await send('POST', s.admin.headers, `/api/calendar/events/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('calendar.eventAlreadyCancelled');
    const day = (
      await send('GET', s.admin.headers, '/api/calendar/days?from=2026-11-10&to=2026-11-10')
    ).json().data.items[0];
    expect(day.state).toBe('working');
    const listed = (
      await send('GET', s.admin.headers, '/api/calendar/events?from=2026-11-01&to=2026-11-30')
    ).json().data.items;
    expect(listed.map((e: { cancelled: boolean }) => e.cancelled)).toEqual([true]);
    // Those the event was for no longer see it.
    const parents = (
      await send('GET', s.parent.headers, '/api/calendar/events?from=2026-11-01&to=2026-11-30')
    ).json().data.items;
    expect(parents).toEqual([]);
  });

  it('shows each person the events of their audience and their classes', async () => {
    const s = await makeSchool(t.app);
    const add = async (title: string, fields: object) =>
      expect(
        (
          await send('POST', s.admin.headers, '/api/calendar/events', {
            title,
            kind: 'event',
            starts_on: '2026-12-05',
            ends_on: '2026-12-05',
            ...fields,
          })
        ).statusCode,
      ).toBe(201);
    await add('Annual day', { audience: 'all' });
    await add('Staff meeting', { audience: 'staff' });
    await add('PTM for VII', { audience: 'parents', kind: 'ptm', class_ids: [s.classes.seven.id] });
    await add('PTM for VIII', { audience: 'parents', kind: 'ptm', class_ids: [s.classes.eight.id] });
    await add('Science fair VII', { audience: 'students', class_ids: [s.classes.seven.id] });
    const titles = async (headers: Headers) =>
      (await send('GET', headers, '/api/calendar/events?from=2026-12-01&to=2026-12-31'))
        .json()
        .data.items.map((e: { title: string }) => e.title);
    expect(await titles(s.admin.headers)).toEqual([
      'Annual day',
      'PTM for VII',
      'PTM for VIII',
      'Science fair VII',
      'Staff meeting',
    ]);
    expect(await titles(s.teacher.headers)).toEqual(['Annual day', 'Staff meeting']);
    // The parent's child and the signed-in student are in VII-A.
    expect(await titles(s.parent.headers)).toEqual(['Annual day', 'PTM for VII']);
    expect(await titles(s.student.headers)).toEqual(['Annual day', 'Science fair VII']);
  });

  it('refuses bad events and other institutes’ classes and events', async () => {
    const s = await makeSchool(t.app);
    const other = await makeSchool(t.app, 'Other');
    const backwards = await send(
      'POST',
      s.admin.headers,
      '/api/calendar/events',
      event({ ends_on: '2026-11-01' }),
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().codes).toEqual({ ends_on: { code: 'calendar.endsBeforeStart' } });
    const foreign = await send(
      'POST',
      s.admin.headers,
      '/api/calendar/events',
      event({ class_ids: [other.classes.seven.id] }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('classes.classesUnknown');
    const theirs = (await send('POST', other.admin.headers, '/api/calendar/events', event())).json().data.id;
    expect(
      (await send('PATCH', s.admin.headers, `/api/calendar/events/${theirs}`, { title: 'x' })).statusCode,
    ).toBe(404);
    expect((await send('POST', s.admin.headers, `/api/calendar/events/${theirs}/cancel`)).statusCode).toBe(
      404,
    );
    const teacherAdds = await send('POST', s.teacher.headers, '/api/calendar/events', event());
    expect(teacherAdds.statusCode).toBe(403);
    const patched = await send('PATCH', s.admin.headers, `/api/calendar/events/${theirs}`, {});
    expect(patched.statusCode).toBe(404);
  });

  it('keeps terms inside their year and apart from each other', async () => {
    const s = await makeSchool(t.app);
    const term = (name: string, starts_on: string, ends_on: string) =>
      send('POST', s.admin.headers, '/api/calendar/terms', {
        academic_year_id: s.year.id,
        name,
        starts_on,
        ends_on,
      });
    expect((await term('Term 1', '2026-04-01', '2026-09-30')).statusCode).toBe(201);
    const overlap = await term('Term 2', '2026-09-15', '2027-03-31');
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().code).toBe('calendar.termOverlaps');
    const outside = await term('Term 2', '2026-10-01', '2027-04-30');
    expect(outside.json().code).toBe('calendar.termOutsideYear');
    expect((await term('Term 2', '2026-10-01', '2027-03-31')).statusCode).toBe(201);
    const listed = (
      await send('GET', s.parent.headers, `/api/calendar/terms?academic_year_id=${s.year.id}`)
    ).json().data.items;
    expect(listed.map((x: { name: string }) => x.name)).toEqual(['Term 1', 'Term 2']);
  });

  it("shows the public events on the institute's published site only once it opts in", async () => {
    const s = await makeSchool(t.app);
    await send('POST', s.admin.headers, '/api/calendar/events', {
      title: 'Annual sports day',
      kind: 'event',
      starts_on: '2099-01-10',
      ends_on: '2099-01-10',
      is_public: true,
    });
    await send('POST', s.admin.headers, '/api/calendar/events', {
      title: 'Staff meeting',
      kind: 'event',
      starts_on: '2099-01-11',
      ends_on: '2099-01-11',
    });
    const site = async () => (await send('GET', as(s.institute), '/api/public/events')).json().data.items;
    expect(await site()).toEqual([]);
    await send('PUT', s.admin.headers, '/api/calendar/settings', {
      weekly_offs: [7],
      saturday_offs: [],
      public_events: true,
    });
    // Opted in, but the site is not published: its holding page shows nothing.
    expect(await site()).toEqual([]);
    await t.database.db
      .insert(websites)
      .values({ instituteId: s.institute.id, draft: {} as never, published: {} as never });
    expect(await site()).toEqual([
      {
        id: expect.any(String),
        title: 'Annual sports day',
        kind: 'event',
        starts_on: '2099-01-10',
        ends_on: '2099-01-10',
        description: '',
        is_public: true,
      },
    ]);
    // Opted out again: nothing.
    await send('PUT', s.admin.headers, '/api/calendar/settings', {
      weekly_offs: [7],
      saturday_offs: [],
      public_events: false,
    });
    expect(await site()).toEqual([]);
  });
});
