import { GROUP_MESSAGES } from '@schooliko/common/groups';
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { institutes } from '../../platform/institutes/institutes.table';
import { notifications } from '../../platform/notifications/notifications.table';
import { createTestApp, useTestApp } from '../../testing/test-app';
import { groupDirectors } from '../groups/groups.table';
import { createGroupAs, type Person, person } from '../groups/groups.testing';
import { groupJoinRequests } from './group-requests.table';

const t = useTestApp({}, { each: false });

const db = () => t.database.db;

let owner: Person;
let groupId: string;
let asker: Person;
beforeEach(async () => {
  await t.reset();
  owner = await person(t.app, db());
  groupId = await createGroupAs(t.app, owner, { group_name: 'Sunrise Schools' });
  asker = await person(t.app, db());
});

async function post(who: Person, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/group-requests', headers: who.headers, payload });
}

async function ask(who: Person = asker, message = 'Please add Green Valley'): Promise<string> {
  const res = await post(who, { event_type: 'join-request', group_id: groupId, message });
  if (res.statusCode !== 201) throw new Error(`join request failed: ${res.body}`);
  return res.json().data._id;
}

async function status(who: Person = asker) {
  const res = await t.app.inject({ method: 'GET', url: '/api/group-requests/status', headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function notificationsOf(who: Person) {
  return db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, who.user.id), eq(notifications.instituteId, who.institute.id)));
}

describe('join-request', () => {
  it('records a pending request and notifies the primary directors with Approve / Reject', async () => {
    const res = await post(asker, { event_type: 'join-request', group_id: groupId, message: 'Hello' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Join request sent successfully! You will be notified when approved.');
    const request = res.json().data;
    expect(request).toMatchObject({
      status: 'pending',
      message: 'Hello',
      group_data: { group_id: groupId, group_name: 'Sunrise Schools' },
    });

    const [note] = await notificationsOf(owner);
    expect(note).toMatchObject({
      type: 'join-request',
      title: 'New Join Request',
      actions: ['approve', 'reject'],
      eventType: 'group-join',
      eventId: request._id,
      status: 'unread',
    });
    expect(note?.message).toContain('Sunrise Schools');
    // The requester is told nothing yet.
    expect(await notificationsOf(asker)).toHaveLength(0);
  });

  it('does not notify directors who are not primary', async () => {
    const helper = await person(t.app, db());
    await db()
      .insert(groupDirectors)
      .values({ groupId, userId: helper.user.id, instituteId: helper.institute.id });
    await ask();
    expect(await notificationsOf(helper)).toHaveLength(0);
    expect(await notificationsOf(owner)).toHaveLength(1);
  });

  it('refuses a second pending request to the same group (409)', async () => {
    await ask();
    const again = await post(asker, { event_type: 'join-request', group_id: groupId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      message: 'You already have a pending request to this group',
      code: 'groups.alreadyPending',
    });
    expect(await db().select().from(groupJoinRequests)).toHaveLength(1);
  });

  it("refuses a group's own director (409), an unknown group (404) and a non-director (403)", async () => {
    const own = await post(owner, { event_type: 'join-request', group_id: groupId });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(GROUP_MESSAGES.alreadyDirector.text);
    const unknown = await post(asker, {
      event_type: 'join-request',
      group_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const admin = await person(t.app, db(), 'admin');
    const refused = await post(admin, { event_type: 'join-request', group_id: groupId });
    expect(refused.statusCode).toBe(403);
    const statusRefused = await t.app.inject({
      method: 'GET',
      url: '/api/group-requests/status',
      headers: admin.headers,
    });
    expect(statusRefused.statusCode).toBe(403);
  });

  it('refuses an unknown event_type with 400', async () => {
    const res = await post(asker, { event_type: 'join', group_id: groupId });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});

describe('GET /api/group-requests/status (spec 3.7)', () => {
  it('answers an empty map with no pending request', async () => {
    expect(await status()).toEqual({
      join_requests: {},
      has_pending_requests: false,
      latest_status: null,
      latest_request_id: null,
    });
  });

  it('maps requests by id with the group name and the latest status', async () => {
    const id = await ask();
    const data = await status();
    expect(Object.keys(data.join_requests)).toEqual([id]);
    expect(data.join_requests[id]).toMatchObject({
      _id: id,
      status: 'pending',
      group_data: { group_name: 'Sunrise Schools', group_id: groupId },
    });
    expect(data).toMatchObject({
      has_pending_requests: true,
      latest_status: 'pending',
      latest_request_id: id,
    });
  });
});

describe('delete-request', () => {
  it('withdraws the request, closes its notification and allows asking again', async () => {
    const id = await ask();
    const res = await post(asker, { event_type: 'delete-request', request_id: id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Join request cancelled successfully.');
    expect(res.json().data.status).toBe('deleted');
    expect(await status()).toMatchObject({
      join_requests: {},
      has_pending_requests: false,
      latest_status: null,
    });
    const [note] = await notificationsOf(owner);
    expect(note?.actedAt).not.toBeNull();
    // Withdrawn, not decided: nobody approved or rejected it.
    expect(note).toMatchObject({ actedBy: null, actedAction: null });
    // Approving it now finds nothing to approve.
    const late = await post(owner, { event_type: 'approve-request', request_id: id });
    expect(late.statusCode).toBe(409);
    await ask();
    expect((await status()).has_pending_requests).toBe(true);
  });

  it("refuses someone else's request (403) and a closed one (409)", async () => {
    const id = await ask();
    const other = await person(t.app, db());
    const res = await post(other, { event_type: 'delete-request', request_id: id });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(GROUP_MESSAGES.notYourRequest.text);
    await post(asker, { event_type: 'delete-request', request_id: id });
    const twice = await post(asker, { event_type: 'delete-request', request_id: id });
    expect(twice.statusCode).toBe(409);
  });
});

describe('approve-request / reject-request', () => {
  it('approving makes the requester a director, links their institute and tells them', async () => {
    const id = await ask();
    const res = await post(owner, { event_type: 'approve-request', request_id: id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('joined');

    const [link] = await db()
      .select()
      .from(groupDirectors)
      .where(and(eq(groupDirectors.groupId, groupId), eq(groupDirectors.userId, asker.user.id)));
    expect(link).toMatchObject({ isPrimary: false, isPrincipal: false, instituteId: asker.institute.id });
    const [inst] = await db().select().from(institutes).where(eq(institutes.id, asker.institute.id));
    expect(inst?.groupId).toBe(groupId);

    const [told] = await notificationsOf(asker);
    expect(told).toMatchObject({
      type: 'approval',
      title: 'Join Request Approved',
      message: 'Welcome to Sunrise Schools! You can now access the group dashboard.',
      actions: [],
    });
    const [ownerNote] = await notificationsOf(owner);
    expect(ownerNote?.actedAt).not.toBeNull();
    // The bell tells who approved it.
    expect(ownerNote).toMatchObject({ actedBy: owner.user.id, actedAction: 'approve' });
    expect(await status()).toMatchObject({ has_pending_requests: false, latest_status: 'joined' });

    // The new director now reads the group and sees it among their groups.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/groups/director/my-groups',
      headers: asker.headers,
    });
    expect(mine.json().data.stats).toEqual({ total_groups: 1, total_institutes: 2 });
  });

  it('rejecting tells the requester and changes nothing else', async () => {
    const id = await ask();
    const res = await post(owner, { event_type: 'reject-request', request_id: id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('rejected');
    const [told] = await notificationsOf(asker);
    expect(told).toMatchObject({ type: 'rejection', title: 'Join Request Declined' });
    expect(
      await db().select().from(groupDirectors).where(eq(groupDirectors.userId, asker.user.id)),
    ).toHaveLength(0);
    const [inst] = await db().select().from(institutes).where(eq(institutes.id, asker.institute.id));
    expect(inst?.groupId).toBeNull();
    expect(await status()).toMatchObject({ has_pending_requests: false, latest_status: 'rejected' });
  });

  it('leaves an institute already in another group where it is', async () => {
    const otherGroup = await createGroupAs(t.app, asker, { group_name: 'Own group' });
    const id = await ask();
    await post(owner, { event_type: 'approve-request', request_id: id });
    const [inst] = await db().select().from(institutes).where(eq(institutes.id, asker.institute.id));
    expect(inst?.groupId).toBe(otherGroup);
  });

  it('refuses a director who is not primary, a director of another group, and the requester', async () => {
    const id = await ask();
    const helper = await person(t.app, db());
    await db()
      .insert(groupDirectors)
      .values({ groupId, userId: helper.user.id, instituteId: helper.institute.id });
    const stranger = await person(t.app, db());
    await createGroupAs(t.app, stranger, { group_name: 'Stranger Schools' });
    for (const who of [helper, stranger, asker]) {
      const res = await post(who, { event_type: 'approve-request', request_id: id });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(GROUP_MESSAGES.onlyPrimaryMayDecide.text);
    }
    // Even a requester who became a primary director meanwhile may not decide their own request.
    await db().insert(groupDirectors).values({
      groupId,
      userId: asker.user.id,
      instituteId: asker.institute.id,
      isPrimary: true,
    });
    const own = await post(asker, { event_type: 'reject-request', request_id: id });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot approve or reject your own join request');
    const [row] = await db().select().from(groupJoinRequests).where(eq(groupJoinRequests.id, id));
    expect(row?.status).toBe('pending');
  });

  it('refuses deciding twice (409) and an unknown request (404)', async () => {
    const id = await ask();
    await post(owner, { event_type: 'approve-request', request_id: id });
    const again = await post(owner, { event_type: 'reject-request', request_id: id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(GROUP_MESSAGES.requestClosed.text);
    const unknown = await post(owner, {
      event_type: 'approve-request',
      request_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('Approve / Reject from the notification (POST /api/notifications/:id/approve|reject)', () => {
  it('approve runs the same decision', async () => {
    const id = await ask();
    const [note] = await notificationsOf(owner);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${note?.id}/approve`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Join request approved');
    const [row] = await db().select().from(groupJoinRequests).where(eq(groupJoinRequests.id, id));
    expect(row?.status).toBe('joined');
    expect((await notificationsOf(asker))[0]?.type).toBe('approval');
    const [inst] = await db().select().from(institutes).where(eq(institutes.id, asker.institute.id));
    expect(inst?.groupId).toBe(groupId);
  });

  it('reject runs the same decision; a withdrawn request can no longer be decided', async () => {
    const id = await ask();
    const [note] = await notificationsOf(owner);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${note?.id}/reject`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await db().select().from(groupJoinRequests).where(eq(groupJoinRequests.id, id));
    expect(row?.status).toBe('rejected');

    const second = await ask();
    await post(asker, { event_type: 'delete-request', request_id: second });
    const notes = await notificationsOf(owner);
    const open = notes.find((n) => n.eventId === second);
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${open?.id}/approve`,
      headers: owner.headers,
    });
    expect(late.statusCode).toBe(409);
    const [after] = await db().select().from(groupJoinRequests).where(eq(groupJoinRequests.id, second));
    expect(after?.status).toBe('deleted');
  });

  it('a primary director who lost the flag can no longer approve from the notification', async () => {
    const id = await ask();
    await db()
      .update(groupDirectors)
      .set({ isPrimary: false })
      .where(eq(groupDirectors.userId, owner.user.id));
    const [note] = await notificationsOf(owner);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${note?.id}/approve`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(403);
    const [row] = await db().select().from(groupJoinRequests).where(eq(groupJoinRequests.id, id));
    expect(row?.status).toBe('pending');
    // The failed attempt left the buttons in place.
    const [still] = await notificationsOf(owner);
    expect(still?.actedAt).toBeNull();
  });
});

describe('the institute directory after an approval from the notification', () => {
  const approveFromNotification = async (app = t.app) => {
    const [note] = await notificationsOf(owner);
    const res = await app.inject({
      method: 'POST',
      url: `/api/notifications/${note?.id}/approve`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
  };

  it('does not keep the group a read took between the write and the commit', async () => {
    await ask();
    // Cached before: no group yet.
    expect((await t.app.institutes.byDomain(asker.institute.domain))?.groupId).toBeNull();
    // Idle connections ready (PostgreSQL), so that the read below starts at once. PGlite has one
    // connection: there a read waits for the transaction anyway.
    await Promise.all(Array.from({ length: 4 }, () => db().execute(sql`select 1`)));
    // Another request reads the institute the moment its cached copy is dropped. Dropped inside
    // the transaction, that read still finds the old row and would keep it for five minutes.
    const reads: Promise<unknown>[] = [];
    const stop = t.app.invalidation.on((change) => {
      if (change.kind === 'hosts') reads.push(t.app.institutes.byDomain(asker.institute.domain));
    });
    try {
      await approveFromNotification();
      await Promise.all(reads);
    } finally {
      stop();
    }
    expect(reads).toHaveLength(1);
    expect((await t.app.institutes.byDomain(asker.institute.domain))?.groupId).toBe(groupId);
  });

  it('drops the cache of the app that approved, even with another app built after it', async () => {
    const later = await createTestApp();
    try {
      await ask();
      expect((await t.app.institutes.byDomain(asker.institute.domain))?.groupId).toBeNull();
      await approveFromNotification();
      expect((await t.app.institutes.byDomain(asker.institute.domain))?.groupId).toBe(groupId);
    } finally {
      await later.close();
    }
  });
});
