import type http from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { openStream } from '../../platform/notifications/notifications.testing';
import { useTestApp } from '../../testing/test-app';
import { feesKit } from './fees.testing';

const t = useTestApp({}, { each: false });
const open: http.IncomingMessage[] = [];
beforeEach(async () => {
  for (const stream of open.splice(0)) stream.destroy();
  await t.reset();
});

const { send, billedSchool, pay } = feesKit(() => t);

/** A member's notification stream over a real socket; `events()` answers its `fees` events so far. */
async function streamOf(member: { token: string; headers: Record<string, string> }) {
  const response = await openStream(t.app, member.token, member.headers.host ?? '');
  expect(response.statusCode).toBe(200);
  open.push(response);
  let text = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    text += chunk;
  });
  await expect.poll(() => text).toContain('retry: 5000');
  return {
    events: () =>
      [...text.matchAll(/event: fees\ndata: (.*)\n\n/g)].map(
        (m) => (JSON.parse(m[1] ?? '{}') as { student_id: string }).student_id,
      ),
  };
}

describe('live dues (event: fees on the notification stream)', () => {
  it("tells the fee staff of every change, and a parent of their own child's only", async () => {
    const s = await billedSchool();
    const child = s.students.child.id;
    const other = s.students.other.id;
    const staff = await streamOf(s.admin);
    const parent = await streamOf(s.parent);

    const paid = await pay(s.admin.headers, child, 100000);
    await expect.poll(() => staff.events()).toEqual([child]);
    await expect.poll(() => parent.events()).toEqual([child]);

    await pay(s.admin.headers, other, 100000);
    await expect.poll(() => staff.events()).toEqual([child, other]);

    const res = await send('POST', s.admin.headers, `/api/fees/payments/${paid.id}/cancel`, {
      reason: 'Wrong amount',
    });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => staff.events()).toEqual([child, other, child]);
    await expect.poll(() => parent.events()).toEqual([child, child]);

    // Online: the parent's order, paid through the test gateway (its webhook posts the receipt).
    const made = await send('POST', s.parent.headers, '/api/fees/online/orders', {
      student_id: child,
      amount_paise: 50000,
    });
    expect(made.statusCode, made.body).toBe(201);
    const checkout = await send('POST', s.parent.headers, '/api/fees/online/test-checkout', {
      order_id: made.json().data.order_id,
    });
    expect(checkout.statusCode).toBe(200);
    await expect.poll(() => staff.events()).toEqual([child, other, child, child]);
    await expect.poll(() => parent.events()).toEqual([child, child, child]);
    // Nothing about another family's child reached the parent.
    expect(parent.events()).not.toContain(other);
  });
});
