import { NOTIFICATION_MESSAGES } from '@schooliko/common/notifications';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { httpError } from '../../plugins/errors';
import { addMembership, as, makeInstitute, makeUser, tokenFor } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type ActionContext, createNotifications } from './notifications.service';
import { type NotificationAction, notifications } from './notifications.table';

type Institute = Awaited<ReturnType<typeof makeInstitute>>;
type User = Awaited<ReturnType<typeof makeUser>>;

let t: TestApp;
let schoolA: Institute;
let schoolB: Institute;
let admin1: User;
let admin2: User;
let requester: User;
let token1: string;
let token2: string;

// What the test event's owner does on Approve / Reject; each test decides.
type Call = { actorId: string; instituteId: string; eventId: string; action: NotificationAction };
let calls: Call[] = [];
let behaviour: (ctx: ActionContext, eventId: string, action: NotificationAction) => Promise<void>;
beforeAll(async () => {
  t = await createTestApp();
  t.app.notificationActions.set('test-event', async (ctx, eventId, action) => {
    calls.push({ actorId: ctx.actorId, instituteId: ctx.instituteId, eventId, action });
    await behaviour(ctx, eventId, action);
    return { message: action === 'approve' ? 'Request approved' : 'Request rejected' };
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  calls = [];
  behaviour = async () => {};
  schoolA = await makeInstitute(t.database.db);
  schoolB = await makeInstitute(t.database.db);
  admin1 = await makeUser(t.database.db, { institute: schoolA, roles: ['admin'] });
  admin2 = await makeUser(t.database.db, { institute: schoolA, roles: ['admin'] });
  requester = await makeUser(t.database.db, { institute: schoolA, roles: ['teacher'], status: 'pending' });
  token1 = await tokenFor(t.app, admin1, schoolA, 'admin');
  token2 = await tokenFor(t.app, admin2, schoolA, 'admin');
});

/** `count` notifications for a user, one minute apart, the last one newest. */
async function seed(user: User, institute: Institute, count: number, status: 'unread' | 'read' = 'unread') {
  const base = Date.UTC(2025, 0, 1, 8, 0, 0);
  return t.database.db
    .insert(notifications)
    .values(
      Array.from({ length: count }, (_, i) => ({
        instituteId: institute.id,
        recipientId: user.id,
        type: 'info' as const,
        title: `Title ${i + 1}`,
        message: `Message ${i + 1}`,
        status,
        createdAt: new Date(base + i * 60_000),
      })),
    )
    .returning();
}

/** The same membership request announced to both admins, as sign-up does. */
async function joinRequest(eventId = 'membership-1') {
  return createNotifications(
    t.database.db,
    t.app.notificationHub,
    [admin1, admin2].map((admin) => ({
      instituteId: schoolA.id,
      recipientId: admin.id,
      type: 'membership-request' as const,
      title: 'New teacher sign-up',
      message: 'Asha Rao wants to join as teacher',
      actions: ['approve', 'reject'] as NotificationAction[],
      eventType: 'test-event',
      eventId,
    })),
  );
}

const get = (url: string, token?: string, institute: Institute = schoolA) =>
  t.app.inject({ method: 'GET', url, headers: as(institute, token) });
const post = (url: string, token?: string, institute: Institute = schoolA) =>
  t.app.inject({ method: 'POST', url, headers: as(institute, token) });

describe('GET /api/notifications', () => {
  it('answers my notifications newest first, in spec 3.8 shape', async () => {
    const [first] = await seed(admin1, schoolA, 3);
    const res = await get('/api/notifications', token1);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.notifications.map((n: { title: string }) => n.title)).toEqual([
      'Title 3',
      'Title 2',
      'Title 1',
    ]);
    expect(body.data.notifications[2]).toEqual({
      _id: first?.id,
      type: 'info',
      title: 'Title 1',
      message: 'Message 1',
      status: 'unread',
      actions: [],
      acted: false,
      acted_action: null,
      acted_by: null,
      acted_at: null,
      createdAt: '2025-01-01T08:00:00.000Z',
      event_id: null,
    });
    expect(body.data.pagination).toEqual({ limit: 10, skip: 0, total: 3, hasMore: false });
  });

  it('pages with limit and skip and says whether more remain', async () => {
    await seed(admin1, schoolA, 12);
    const page1 = (await get('/api/notifications', token1)).json().data;
    expect(page1.notifications).toHaveLength(10);
    expect(page1.pagination).toEqual({ limit: 10, skip: 0, total: 12, hasMore: true });

    const page = (await get('/api/notifications?limit=5&skip=5', token1)).json().data;
    expect(page.notifications.map((n: { title: string }) => n.title)).toEqual([
      'Title 7',
      'Title 6',
      'Title 5',
      'Title 4',
      'Title 3',
    ]);
    expect(page.pagination).toEqual({ limit: 5, skip: 5, total: 12, hasMore: true });

    const last = (await get('/api/notifications?limit=5&skip=10', token1)).json().data;
    expect(last.notifications.map((n: { title: string }) => n.title)).toEqual(['Title 2', 'Title 1']);
    expect(last.pagination).toEqual({ limit: 5, skip: 10, total: 12, hasMore: false });
  });

  it('refuses a limit above 50 with 400', async () => {
    const res = await get('/api/notifications?limit=51', token1);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('limit');
  });

  it('shows only my notifications at this institute', async () => {
    await addMembership(t.database.db, admin1, schoolB);
    await seed(admin1, schoolA, 1);
    await seed(admin2, schoolA, 2);
    await seed(admin1, schoolB, 4);
    const body = (await get('/api/notifications', token1)).json();
    expect(body.data.pagination.total).toBe(1);
    const atB = await tokenFor(t.app, admin1, schoolB, 'admin');
    expect((await get('/api/notifications', atB, schoolB)).json().data.pagination.total).toBe(4);
  });

  it('answers 401 without a token', async () => {
    const res = await get('/api/notifications');
    expect(res.statusCode).toBe(401);
    expect(res.json().success).toBe(false);
  });
});

describe('unread count and marking as read', () => {
  it('counts my unread notifications only', async () => {
    await seed(admin1, schoolA, 3);
    await seed(admin1, schoolA, 2, 'read');
    await seed(admin2, schoolA, 4);
    const res = await get('/api/notifications/unreadCount', token1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { unreadCount: 3 } });
  });

  it('marks one as read and answers the new count', async () => {
    const [a, b] = await seed(admin1, schoolA, 2);
    const res = await post(`/api/notifications/${a?.id}/markAsRead`, token1);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ unreadCount: 1 });
    const list = (await get('/api/notifications', token1)).json().data.notifications;
    expect(list.find((n: { _id: string }) => n._id === a?.id).status).toBe('read');
    expect(list.find((n: { _id: string }) => n._id === b?.id).status).toBe('unread');
    // Marking it again changes nothing and is not an error.
    expect((await post(`/api/notifications/${a?.id}/markAsRead`, token1)).json().data).toEqual({
      unreadCount: 1,
    });
  });

  it("answers 404 for another user's, another institute's, an unknown or a malformed id", async () => {
    const [theirs] = await seed(admin2, schoolA, 1);
    await addMembership(t.database.db, admin1, schoolB);
    const [mineElsewhere] = await seed(admin1, schoolB, 1);
    for (const id of [theirs?.id, mineElsewhere?.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await post(`/api/notifications/${id}/markAsRead`, token1);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        message: NOTIFICATION_MESSAGES.notFound.text,
        code: 'notifications.notFound',
      });
    }
    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, theirs?.id ?? ''));
    expect(row?.status).toBe('unread');
    const atB = await tokenFor(t.app, admin1, schoolB, 'admin');
    expect((await get('/api/notifications/unreadCount', atB, schoolB)).json().data.unreadCount).toBe(1);
  });

  it('marks all of mine as read and no one else’s', async () => {
    await seed(admin1, schoolA, 3);
    await seed(admin2, schoolA, 2);
    const res = await post('/api/notifications/markAllAsRead', token1);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ unreadCount: 0 });
    expect((await get('/api/notifications/unreadCount', token2)).json().data.unreadCount).toBe(2);
  });
});

describe('Approve and Reject', () => {
  it("runs the event's handler once, removes the buttons and closes the other admins' copies", async () => {
    const [mine, theirs] = await joinRequest();
    behaviour = async (ctx) => {
      // What a real handler does: change its own state and tell the requester, in the transaction.
      await createNotifications(ctx.db, ctx.hub, [
        {
          instituteId: ctx.instituteId,
          recipientId: requester.id,
          type: 'approval',
          title: 'Request approved',
          message: 'You can now sign in',
        },
      ]);
    };
    const res = await post(`/api/notifications/${mine?.id}/approve`, token1);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Request approved');
    expect(body.data.unreadCount).toBe(0);
    expect(body.data.notification).toMatchObject({
      _id: mine?.id,
      status: 'read',
      actions: [],
      acted: true,
      acted_action: 'approve',
      acted_by: `${admin1.firstName} ${admin1.lastName}`,
      event_id: 'membership-1',
    });
    const actedAt = Date.parse(body.data.notification.acted_at);
    expect(Math.abs(Date.now() - actedAt)).toBeLessThan(60_000);
    expect(calls).toEqual([
      { actorId: admin1.id, instituteId: schoolA.id, eventId: 'membership-1', action: 'approve' },
    ]);

    const theirList = (await get('/api/notifications', token2)).json().data.notifications;
    expect(theirList).toHaveLength(1);
    // The other admin's copy says who approved it and when.
    expect(theirList[0]).toMatchObject({
      _id: theirs?.id,
      actions: [],
      acted: true,
      status: 'unread',
      acted_action: 'approve',
      acted_by: `${admin1.firstName} ${admin1.lastName}`,
      acted_at: body.data.notification.acted_at,
    });

    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, requester.id));
    expect(told.map((n) => n.title)).toEqual(['Request approved']);

    // Neither the same admin nor another one can act on it again.
    for (const [url, token] of [
      [`/api/notifications/${mine?.id}/approve`, token1],
      [`/api/notifications/${theirs?.id}/reject`, token2],
    ] as const) {
      const again = await post(url, token);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        success: false,
        message: 'This request has already been handled',
        code: 'notifications.alreadyHandled',
      });
    }
    expect(calls).toHaveLength(1);
  });

  it('lets exactly one of two admins acting at the same moment win', async () => {
    const [mine, theirs] = await joinRequest();
    behaviour = () => new Promise((r) => setTimeout(r, 50));
    const answers = await Promise.all([
      post(`/api/notifications/${mine?.id}/approve`, token1),
      post(`/api/notifications/${theirs?.id}/reject`, token2),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(calls).toHaveLength(1);
  });

  it('rejects through the same handler with the reject action', async () => {
    const [mine] = await joinRequest();
    const res = await post(`/api/notifications/${mine?.id}/reject`, token1);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Request rejected');
    expect(res.json().data.notification).toMatchObject({
      acted_action: 'reject',
      acted_by: `${admin1.firstName} ${admin1.lastName}`,
    });
    expect(calls.map((c) => c.action)).toEqual(['reject']);
  });

  it("passes a handler's HttpError through and leaves the request open", async () => {
    const [mine, theirs] = await joinRequest();
    behaviour = async (ctx) => {
      await createNotifications(ctx.db, ctx.hub, [
        { instituteId: ctx.instituteId, recipientId: requester.id, type: 'info', title: 'x', message: 'x' },
      ]);
      throw httpError(410, 'The applicant withdrew this request');
    };
    const res = await post(`/api/notifications/${mine?.id}/approve`, token1);
    expect(res.statusCode).toBe(410);
    // A text in no catalogue answers the generic code of its status.
    expect(res.json()).toEqual({
      success: false,
      message: 'The applicant withdrew this request',
      code: 'common.badRequest',
    });

    // Everything the attempt did was undone: both copies still carry the buttons, nothing was sent.
    for (const [token, id] of [
      [token1, mine?.id],
      [token2, theirs?.id],
    ] as const) {
      const [item] = (await get('/api/notifications', token)).json().data.notifications;
      expect(item).toMatchObject({ _id: id, status: 'unread', actions: ['approve', 'reject'], acted: false });
    }
    expect(
      await t.database.db.select().from(notifications).where(eq(notifications.recipientId, requester.id)),
    ).toEqual([]);
  });

  it('answers 409 for a notification that carries no such action, 404 for someone else’s', async () => {
    const [plain] = await seed(admin1, schoolA, 1);
    const res = await post(`/api/notifications/${plain?.id}/approve`, token1);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NOTIFICATION_MESSAGES.alreadyHandled.text);

    const [, theirs] = await joinRequest();
    const other = await post(`/api/notifications/${theirs?.id}/approve`, token1);
    expect(other.statusCode).toBe(404);
    expect(calls).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, theirs?.id ?? ''), eq(notifications.recipientId, admin2.id)));
    expect(row?.actedAt).toBeNull();
  });
});
