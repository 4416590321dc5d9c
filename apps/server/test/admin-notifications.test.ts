import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../src/seed/factories.ts';
import { notifyAdmins } from '../src/modules/notifications/notify-admins.ts';
import { transaction } from '../src/lib/transaction.ts';
import { call, loginAdmin, sellerRegistration, useTestApp, textNotice } from './helpers.ts';
import { openStream } from './sse-client.ts';
import { placeOrder, tradeSetup, payOrder } from './trade-fixtures.ts';

const t = useTestApp();
let base: string;
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

interface Row {
  user_id: string;
  type: string;
  title: string;
  message: string;
  link: string | null;
}

/** The notifications of `type` written since `since`, one per recipient. */
async function notificationsOf(type: string, since: Date): Promise<Row[]> {
  return t.database.query<Row>(
    'select user_id, type, title, message, link from notifications where type = $1 and created_at >= $2 order by user_id',
    [type, since.toISOString()],
  );
}

async function activeAdminIds(): Promise<string[]> {
  const rows = await t.database.query<{ id: string }>(
    "select id from users where role = 'admin' and is_active order by id",
  );
  return rows.map((r) => r.id);
}

describe('admin notifications', () => {
  it('tells every active admin, one row each, of a new seller registration, linking to the manufacturer', async () => {
    await loginAdmin(t.app);
    const inactive = await createAdmin(t.app.db);
    await t.database.query('update users set is_active = false where id = $1', [inactive.user.id]);
    const since = new Date(Date.now() - 1000);
    const body = sellerRegistration({ company_name: 'Neelgiri Polymers LLP' });
    const res = await call(t.app, 'POST', '/api/register', { body });
    expect(res.statusCode).toBe(201);
    const [mfr] = await t.database.query<{ id: string }>(
      "select id from manufacturers where company_name = 'Neelgiri Polymers LLP'",
    );
    const rows = await notificationsOf('admin_seller_registered', since);
    expect(rows.map((r) => r.user_id)).toEqual(await activeAdminIds());
    expect(rows.map((r) => r.user_id)).not.toContain(inactive.user.id);
    expect(rows[0]).toMatchObject({ title: 'New seller registration', link: `/admin/manufacturers/${mfr?.id}` });
    expect(rows[0]?.message).toContain('Neelgiri Polymers LLP');
  });

  it('tells admins of a new contact message, linking to the messages tab', async () => {
    await loginAdmin(t.app);
    const since = new Date(Date.now() - 1000);
    const res = await call(t.app, 'POST', '/api/contact/admin', {
      body: { name: 'Kavya', email: 'kavya@example.in', subject: 'GST invoice query', message: 'Please call me' },
    });
    expect(res.statusCode).toBe(201);
    const rows = await notificationsOf('admin_contact_message', since);
    expect(rows.map((r) => r.user_id)).toEqual(await activeAdminIds());
    expect(rows[0]).toMatchObject({ link: '/admin/content?tab=messages', message: 'Kavya: GST invoice query' });
  });

  it('tells admins of a new dispute, linking to the dispute record', async () => {
    await loginAdmin(t.app);
    const { seller, buyer, product } = await tradeSetup(t.app);
    const { id: orderId } = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json();
    await payOrder(t.app, buyer.token, orderId);
    const since = new Date(Date.now() - 1000);
    const res = await call(t.app, 'POST', `/api/buyer/orders/${orderId}/disputes`, {
      token: buyer.token,
      body: { reason: 'Wrong colour delivered' },
    });
    expect(res.statusCode).toBe(201);
    const rows = await notificationsOf('admin_dispute_raised', since);
    expect(rows.map((r) => r.user_id)).toEqual(await activeAdminIds());
    expect(rows[0]?.link).toBe(`/admin/disputes/${res.json().id}`);
    expect(rows[0]?.message).toContain('Wrong colour delivered');
  });

  it('writes nothing for admins when the change it reports is rolled back', async () => {
    await loginAdmin(t.app);
    const since = new Date(Date.now() - 1000);
    await expect(
      transaction(t.app.db, async (tx) => {
        await notifyAdmins(tx, { type: 'admin_spam_report', ...textNotice('Spam report', 'x'), link: '/admin' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await notificationsOf('admin_spam_report', since)).toEqual([]);
  });

  it("lists an admin's notifications through /api/notifications and delivers them live on the admin's stream", async () => {
    const admin = await loginAdmin(t.app);
    const stream = await openStream(base, t.app, admin.token);
    await transaction(t.app.db, (tx) =>
      notifyAdmins(tx, {
        type: 'admin_spam_report',
        ...textNotice('Spam report', 'Requirement RQ-9 reported as spam'),
        link: '/admin/requirements/9',
      }),
    );
    await t.app.jobs.drain();
    const event = (await stream.next('notification')) as { title: string; type: string };
    expect(event).toMatchObject({ title: 'Spam report', type: 'admin_spam_report' });
    stream.close();
    const list = await call(t.app, 'GET', '/api/notifications?filter=unread', { token: admin.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().notifications.map((n: { message: string }) => n.message)).toContain(
      'Requirement RQ-9 reported as spam',
    );
    const readAll = await call(t.app, 'PATCH', '/api/notifications/read-all', { token: admin.token });
    expect(readAll.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/notifications', { token: admin.token })).json().unread).toBe(0);
  });
});
