import type { NOTIFICATION_TYPES } from '@ub/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema/index.ts';
import { notify } from '../src/modules/notifications/notify.ts';
import { call, count, createBuyerSession, loginAdmin, loginSeller, useTestApp } from './helpers.ts';
import { openStream } from './sse-client.ts';

type Seller = Awaited<ReturnType<typeof loginSeller>>;

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('notifications API', () => {
  const t = useTestApp();
  let alice: Seller;
  let bob: Seller;

  beforeAll(async () => {
    alice = await loginSeller(t.app);
    bob = await loginSeller(t.app);
  });

  const send = (userId: string, title: string, type: (typeof NOTIFICATION_TYPES)[number] = 'order_new') =>
    notify(t.app, { userId, type, title, message: `${title} message`, link: '/dashboard/orders' });

  it('requires a session', async () => {
    expect((await call(t.app, 'GET', '/api/notifications')).statusCode).toBe(401);
    expect((await call(t.app, 'PATCH', '/api/notifications/read-all')).statusCode).toBe(401);
    expect((await call(t.app, 'DELETE', '/api/notifications')).statusCode).toBe(401);
  });

  it('lists the caller’s notifications newest first with the spec fields and the unread count', async () => {
    const base = Date.now() - 60_000;
    await t.app.db.insert(notifications).values(
      [0, 1, 2, 3, 4].map((i) => ({
        userId: alice.user.id,
        type: 'order_new',
        title: `Order ${i}`,
        message: `Order ${i} placed`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    await send(bob.user.id, 'For Bob');

    const page1 = await call(t.app, 'GET', '/api/notifications?pageSize=2', { token: alice.token });
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.unread).toBe(5);
    expect(body.total).toBe(5);
    expect(body.notifications.map((n: { title: string }) => n.title)).toEqual(['Order 4', 'Order 3']);
    expect(Object.keys(body.notifications[0]).sort()).toEqual(
      ['created_at', 'id', 'is_read', 'link', 'message', 'title', 'type'].sort(),
    );
    expect(body.notifications[0].is_read).toBe(false);

    const page3 = await call(t.app, 'GET', '/api/notifications?pageSize=2&page=3', { token: alice.token });
    expect(page3.json().notifications.map((n: { title: string }) => n.title)).toEqual(['Order 0']);
  });

  it('marks one read, filters unread, and answers 404 for another user’s notification', async () => {
    const list = (await call(t.app, 'GET', '/api/notifications', { token: alice.token })).json();
    const target = list.notifications[0].id as string;

    const bobs = (await call(t.app, 'GET', '/api/notifications', { token: bob.token })).json();
    const bobsId = bobs.notifications[0].id as string;
    expect((await call(t.app, 'PATCH', `/api/notifications/${bobsId}/read`, { token: alice.token })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, 'DELETE', `/api/notifications/${bobsId}`, { token: alice.token })).statusCode).toBe(404);
    expect((await call(t.app, 'PATCH', '/api/notifications/not-an-id/read', { token: alice.token })).statusCode).toBe(
      404,
    );
    const bobsAfter = (await call(t.app, 'GET', '/api/notifications', { token: bob.token })).json();
    expect(bobsAfter.notifications[0]).toMatchObject({ id: bobsId, is_read: false });

    const res = await call(t.app, 'PATCH', `/api/notifications/${target}/read`, { token: alice.token });
    expect(res.statusCode).toBe(200);
    const unread = (await call(t.app, 'GET', '/api/notifications?filter=unread', { token: alice.token })).json();
    expect(unread.unread).toBe(4);
    expect(unread.total).toBe(4);
    expect(unread.notifications.map((n: { id: string }) => n.id)).not.toContain(target);
    expect(unread.notifications.every((n: { is_read: boolean }) => !n.is_read)).toBe(true);
  });

  it('deletes one notification of the caller', async () => {
    const list = (await call(t.app, 'GET', '/api/notifications', { token: alice.token })).json();
    const target = list.notifications[1].id as string;
    expect((await call(t.app, 'DELETE', `/api/notifications/${target}`, { token: alice.token })).statusCode).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/notifications/${target}`, { token: alice.token })).statusCode).toBe(404);
    const after = (await call(t.app, 'GET', '/api/notifications', { token: alice.token })).json();
    expect(after.total).toBe(4);
  });

  it('marks all read for the caller only', async () => {
    const res = await call(t.app, 'PATCH', '/api/notifications/read-all', { token: alice.token });
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/notifications', { token: alice.token })).json().unread).toBe(0);
    expect((await call(t.app, 'GET', '/api/notifications', { token: bob.token })).json().unread).toBe(1);
  });

  it('clears all of the caller’s notifications and leaves other users’ alone', async () => {
    const res = await call(t.app, 'DELETE', '/api/notifications', { token: alice.token });
    expect(res.statusCode).toBe(200);
    const after = (await call(t.app, 'GET', '/api/notifications', { token: alice.token })).json();
    expect(after).toMatchObject({ notifications: [], total: 0, unread: 0 });
    expect((await call(t.app, 'GET', '/api/notifications', { token: bob.token })).json().total).toBe(1);
  });

  it('rejects a bad page size and an unknown filter with 400', async () => {
    const res = await call(t.app, 'GET', '/api/notifications?pageSize=1000', { token: alice.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.pageSize).toBeTruthy();
    expect((await call(t.app, 'GET', '/api/notifications?filter=old', { token: alice.token })).statusCode).toBe(400);
  });

  it('works for administrators and buyers too, each seeing only their own', async () => {
    const admin = await loginAdmin(t.app);
    const buyer = await createBuyerSession(t.app);
    await send(admin.user.id, 'Admin note', 'dispute_raised');
    const a = (await call(t.app, 'GET', '/api/notifications', { token: admin.token })).json();
    expect(a.notifications.map((n: { title: string }) => n.title)).toEqual(['Admin note']);
    expect((await call(t.app, 'GET', '/api/notifications', { token: buyer.token })).json().total).toBe(0);
  });
});

describe('notification preferences and e-mail', () => {
  const t = useTestApp();
  let seller: Seller;
  beforeAll(async () => {
    seller = await loginSeller(t.app);
  });

  it('starts with no e-mail kinds and stores the chosen ones per user', async () => {
    const first = await call(t.app, 'GET', '/api/notifications/preferences', { token: seller.token });
    expect(first.json()).toEqual({ email: [] });
    const put = await call(t.app, 'PUT', '/api/notifications/preferences', {
      token: seller.token,
      body: { email: ['order_new', 'contact_reply'] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ email: ['order_new', 'contact_reply'] });
    const other = await loginSeller(t.app);
    expect((await call(t.app, 'GET', '/api/notifications/preferences', { token: other.token })).json()).toEqual({
      email: [],
    });
  });

  it('rejects an unknown kind with 400 and keeps the stored choice', async () => {
    const res = await call(t.app, 'PUT', '/api/notifications/preferences', {
      token: seller.token,
      body: { email: ['order_new', 'weather'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Unknown notification type.');
    const now = await call(t.app, 'GET', '/api/notifications/preferences', { token: seller.token });
    expect(now.json()).toEqual({ email: ['order_new', 'contact_reply'] });
  });

  it('notify() records a notification and e-mails it when the user asked for that kind', async () => {
    const before = await count(t.database, 'notifications');
    await notify(t.app, {
      userId: seller.user.id,
      type: 'order_new',
      title: 'New order ORD-1',
      message: 'Order ORD-1',
    });
    expect(await count(t.database, 'notifications')).toBe(before + 1);
    const line = await waitFor(() =>
      t.logs.find((l) => l.event === 'email.sent' && l.to === seller.user.email && l.subject === 'New order ORD-1'),
    );
    expect(line.text).toContain('Order ORD-1');
  });

  it('notify() sends no e-mail for a kind the user did not choose', async () => {
    await notify(t.app, {
      userId: seller.user.id,
      type: 'payment_received',
      title: 'Payment received PAY-9',
      message: 'Paid',
    });
    await notify(t.app, { userId: seller.user.id, type: 'order_new', title: 'Marker order', message: 'marker' });
    await waitFor(() => t.logs.find((l) => l.event === 'email.sent' && l.subject === 'Marker order'));
    expect(t.logs.some((l) => l.event === 'email.sent' && l.subject === 'Payment received PAY-9')).toBe(false);
  });
});

describe('live stream (in-process bus)', () => {
  const t = useTestApp();
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('refuses a missing, forged or expired ticket with 401', async () => {
    expect((await fetch(`${base}/api/notifications/stream`)).status).toBe(401);
    const seller = await loginSeller(t.app);
    const { ticket } = (
      await call(t.app, 'POST', '/api/notifications/stream-ticket', { token: seller.token })
    ).json() as { ticket: string };
    const [sid, , mac] = ticket.split('.');
    const extended = `${sid}.${Date.now() + 50_000}.${mac}`;
    expect((await fetch(`${base}/api/notifications/stream?ticket=${extended}`)).status).toBe(401);
    await call(t.app, 'POST', '/api/logout', { token: seller.token });
    expect((await fetch(`${base}/api/notifications/stream?ticket=${ticket}`)).status).toBe(401);
  });

  it('delivers a new notification to the user’s open stream and not to another user’s', async () => {
    const seller = await loginSeller(t.app);
    const other = await loginSeller(t.app);
    const mine = await openStream(base, t.app, seller.token);
    const theirs = await openStream(base, t.app, other.token);
    await notify(t.app, { userId: seller.user.id, type: 'rfq_new', title: 'New RFQ RFQ-7', message: 'RFQ-7' });
    const event = (await mine.next('notification')) as { title: string; is_read: boolean };
    expect(event).toMatchObject({ title: 'New RFQ RFQ-7', is_read: false, type: 'rfq_new' });
    expect(theirs.text()).not.toContain('RFQ-7');
    mine.close();
    // `theirs` stays open: closing the app must end it rather than wait for it.
  });
});
