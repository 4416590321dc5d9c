import { NOTIFICATION_TYPES, notificationTypesFor } from '@ub/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications } from '../src/db/schema/index.ts';
import { notify } from '../src/modules/notifications/notify.ts';
import { call, count, createBuyerSession, loginAdmin, loginSeller, useTestApp, textNotice } from './helpers.ts';
import { openStream } from './sse-client.ts';

type Seller = Awaited<ReturnType<typeof loginSeller>>;

describe('notifications API', () => {
  const t = useTestApp();
  let alice: Seller;
  let bob: Seller;

  beforeAll(async () => {
    alice = await loginSeller(t.app);
    bob = await loginSeller(t.app);
  });

  const send = (userId: string, title: string, type: (typeof NOTIFICATION_TYPES)[number] = 'order_new') =>
    notify(t.app.db, { userId, type, ...textNotice(title, `${title} message`), link: '/dashboard/orders' });

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
    expect(first.json().email).toEqual([]);
    const put = await call(t.app, 'PUT', '/api/notifications/preferences', {
      token: seller.token,
      body: { email: ['order_new', 'contact_reply'] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().email).toEqual(['order_new', 'contact_reply']);
    const other = await loginSeller(t.app);
    expect((await call(t.app, 'GET', '/api/notifications/preferences', { token: other.token })).json().email).toEqual(
      [],
    );
  });

  it('rejects an unknown kind with 400 and keeps the stored choice', async () => {
    const res = await call(t.app, 'PUT', '/api/notifications/preferences', {
      token: seller.token,
      body: { email: ['order_new', 'weather'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Unknown notification type.');
    const now = await call(t.app, 'GET', '/api/notifications/preferences', { token: seller.token });
    expect(now.json().email).toEqual(['order_new', 'contact_reply']);
  });

  it("lists each role only its own kinds, and a buyer cannot opt into a seller's", async () => {
    const mine = await call(t.app, 'GET', '/api/notifications/preferences', { token: seller.token });
    expect(mine.json().kinds).toEqual(notificationTypesFor('seller'));
    expect(mine.json().kinds).toEqual(expect.arrayContaining(['order_new', 'requirement_new', 'settlement_paid']));
    expect(mine.json().kinds).not.toContain('rfq_quote');
    expect(mine.json().kinds).not.toContain('requirement_quote');

    const buyer = await createBuyerSession(t.app);
    const theirs = await call(t.app, 'GET', '/api/notifications/preferences', { token: buyer.token });
    expect(theirs.json().kinds).toEqual(notificationTypesFor('buyer'));
    expect(theirs.json().kinds).toEqual(
      expect.arrayContaining(['rfq_quote', 'order_update', 'requirement_quote', 'dispute_update']),
    );
    for (const sellerKind of [
      'order_new',
      'requirement_new',
      'settlement_paid',
      'product_approved',
      'admin_spam_report',
    ]) {
      expect(theirs.json().kinds).not.toContain(sellerKind);
    }
    const put = await call(t.app, 'PUT', '/api/notifications/preferences', {
      token: buyer.token,
      body: { email: ['order_update', 'order_new'] },
    });
    expect(put.json().email).toEqual(['order_update']);
  });

  it('gives every kind of notification to at least one role', () => {
    const covered = new Set([
      ...notificationTypesFor('admin'),
      ...notificationTypesFor('seller'),
      ...notificationTypesFor('buyer'),
    ]);
    expect(NOTIFICATION_TYPES.filter((k) => !covered.has(k))).toEqual([]);
  });

  it('notify() records a notification and e-mails it when the user asked for that kind', async () => {
    const before = await count(t.database, 'notifications');
    await notify(t.app.db, {
      userId: seller.user.id,
      type: 'order_new',
      ...textNotice('New order ORD-1', 'Order ORD-1'),
    });
    expect(await count(t.database, 'notifications')).toBe(before + 1);
    await t.app.jobs.drain();
    await vi.waitFor(() => {
      const line = t.logs.find(
        (l) => l.event === 'email.sent' && l.to === seller.user.email && l.subject === 'New order ORD-1',
      );
      expect(line?.text).toContain('Order ORD-1');
    }, 3000);
  });

  it('notify() sends no e-mail for a kind the user did not choose', async () => {
    await notify(t.app.db, {
      userId: seller.user.id,
      type: 'payment_received',
      ...textNotice('Payment received PAY-9', 'Paid'),
    });
    await notify(t.app.db, { userId: seller.user.id, type: 'order_new', ...textNotice('Marker order', 'marker') });
    await t.app.jobs.drain();
    await vi.waitFor(
      () => expect(t.logs.some((l) => l.event === 'email.sent' && l.subject === 'Marker order')).toBe(true),
      3000,
    );
    expect(t.logs.some((l) => l.event === 'email.sent' && l.subject === 'Payment received PAY-9')).toBe(false);
  });
});

describe('live stream (in-process bus)', () => {
  const t = useTestApp();
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  const ticketOf = async (token: string) =>
    ((await call(t.app, 'POST', '/api/notifications/stream-ticket', { token })).json() as { ticket: string }).ticket;
  const streamUrl = (ticket: string) => `${base}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`;
  /** Opens a stream and reads nothing: the status, and a way to hang up. */
  async function open(ticket: string) {
    const controller = new AbortController();
    const res = await fetch(streamUrl(ticket), { signal: controller.signal });
    return {
      status: res.status,
      close: () => {
        controller.abort();
        return res.body?.cancel().catch(() => undefined);
      },
    };
  }

  it('refuses a missing, forged, expired or logged-out ticket with 401', async () => {
    expect((await fetch(`${base}/api/notifications/stream`)).status).toBe(401);
    expect((await fetch(streamUrl('a'.repeat(43)))).status).toBe(401);
    const seller = await loginSeller(t.app);
    const expired = await ticketOf(seller.token);
    await t.database.query(`update stream_tickets set expires_at = now() - interval '1 second'`);
    expect((await fetch(streamUrl(expired))).status).toBe(401);
    const ticket = await ticketOf(seller.token);
    await call(t.app, 'POST', '/api/logout', { token: seller.token });
    expect((await fetch(streamUrl(ticket))).status).toBe(401);
  });

  it('opens one stream per ticket: the same ticket again gets 401, even 25 times at once', async () => {
    const seller = await loginSeller(t.app);
    const ticket = await ticketOf(seller.token);
    const first = await open(ticket);
    expect(first.status).toBe(200);
    expect((await fetch(streamUrl(ticket))).status).toBe(401);
    await first.close();

    const shared = await ticketOf(seller.token);
    const many = await Promise.all(Array.from({ length: 25 }, () => open(shared)));
    expect(many.filter((m) => m.status === 200)).toHaveLength(1);
    expect(many.filter((m) => m.status === 401)).toHaveLength(24);
    await Promise.all(many.map((m) => m.close()));
  });

  it('caps a user at 5 open streams: the sixth gets 429 until one of the five closes', async () => {
    const seller = await loginSeller(t.app);
    const streams = [];
    for (let i = 0; i < 5; i++) streams.push(await open(await ticketOf(seller.token)));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await fetch(streamUrl(await ticketOf(seller.token)));
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { error: string }).error).toBe('Too many requests. Please try again later.');
    // Another user is not affected.
    const other = await loginSeller(t.app);
    const theirs = await open(await ticketOf(other.token));
    expect(theirs.status).toBe(200);
    await theirs.close();

    await streams[0]?.close();
    // The server frees the slot when it sees the disconnect.
    await vi.waitFor(async () => {
      const s = await open(await ticketOf(seller.token));
      if (s.status === 200) streams.push(s);
      expect(s.status).toBe(200);
    });
    await Promise.all(streams.map((s) => s.close()));
  });

  it('keeps tickets and other secrets in query strings out of the request log', async () => {
    const seller = await loginSeller(t.app);
    const ticket = await ticketOf(seller.token);
    const stream = await open(ticket);
    expect(stream.status).toBe(200);
    await stream.close();
    await fetch(`${base}/api/health?token=sekr1t-token&code=123456&page=2`);
    const lines = t.logs.map((l) => JSON.stringify(l));
    expect(lines.some((l) => l.includes('/api/notifications/stream?ticket=[REDACTED]'))).toBe(true);
    expect(lines.some((l) => l.includes('/api/health?token=[REDACTED]&code=[REDACTED]&page=2'))).toBe(true);
    expect(lines.filter((l) => l.includes(ticket) || l.includes(encodeURIComponent(ticket)))).toEqual([]);
    expect(lines.filter((l) => l.includes('sekr1t-token'))).toEqual([]);
  });

  it('delivers a new notification to the user’s open stream and not to another user’s', async () => {
    const seller = await loginSeller(t.app);
    const other = await loginSeller(t.app);
    const mine = await openStream(base, t.app, seller.token);
    const theirs = await openStream(base, t.app, other.token);
    await notify(t.app.db, { userId: seller.user.id, type: 'rfq_new', ...textNotice('New RFQ RFQ-7', 'RFQ-7') });
    await t.app.jobs.drain();
    const event = (await mine.next('notification')) as { title: string; is_read: boolean };
    expect(event).toMatchObject({ title: 'New RFQ RFQ-7', is_read: false, type: 'rfq_new' });
    expect(theirs.text()).not.toContain('RFQ-7');
    mine.close();
    // `theirs` stays open: closing the app must end it rather than wait for it.
  });
});
