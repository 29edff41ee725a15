import { describe, expect, it } from 'vitest';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { suggestions } from './suggestions.table';

const t = useTestApp();

type Headers = Record<string, string>;
const send = (method: 'GET' | 'POST', headers: Headers, url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}), remoteAddress: '203.0.113.9' });

describe('suggestions', () => {
  it('an anonymous suggestion stores no user id, no name, no time and no address', async () => {
    const s = await makeSchool(t.app);
    const res = await send('POST', s.parent.headers, '/api/suggestions', {
      category: 'safety',
      text: 'Please add a speed breaker at the school gate.',
      anonymous: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.database.db.select().from(suggestions);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ anonymous: true, senderUserId: null, senderName: null });
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(s.parent.id);
    expect(stored).not.toContain('203.0.113.9');
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual([
      'anonymous',
      'category',
      'createdOn',
      'id',
      'instituteId',
      'senderName',
      'senderUserId',
      'state',
      'text',
    ]);
    const list = (await send('GET', s.admin.headers, '/api/suggestions')).json().data.items;
    expect(list).toEqual([
      expect.objectContaining({ anonymous: true, sender_name: null, category: 'safety' }),
    ]);
  });

  it('a named suggestion carries its sender; the office reads and sets the status, others may not read', async () => {
    const s = await makeSchool(t.app);
    const res = await send('POST', s.student.headers, '/api/suggestions', {
      category: 'events',
      text: 'An inter-house science quiz in December.',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(suggestions);
    expect(row?.senderUserId).toBe(s.student.id);
    const list = (await send('GET', s.admin.headers, '/api/suggestions')).json().data.items;
    expect(list[0]).toMatchObject({ anonymous: false, sender_name: expect.stringContaining('Test student') });
    const state = await send('POST', s.admin.headers, `/api/suggestions/${row?.id}/state`, {
      state: 'accepted',
    });
    expect(state.json().data.state).toBe('accepted');
    expect((await send('GET', s.parent.headers, '/api/suggestions')).statusCode).toBe(403);
  });
});
