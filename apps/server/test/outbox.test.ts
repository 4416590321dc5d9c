import { describe, expect, it } from 'vitest';
import { enqueue } from '../src/jobs/queue.ts';
import { notificationChannel, notify } from '../src/modules/notifications/notify.ts';
import { placeOrder, tradeSetup } from './trade-fixtures.ts';
import { call, loginAdmin, loginSeller, useTestApp, textNotice } from './helpers.ts';

describe('outbox: notifications commit with their change and are delivered after it', () => {
  const t = useTestApp();

  const jobsFor = (notificationId: string) =>
    t.database.query<{ name: string; state: string }>(
      "select name, state from jobs where name = 'notification.deliver' and payload->>'notificationId' = $1",
      [notificationId],
    );

  it('records nothing, neither the notification nor its delivery, when the change rolls back', async () => {
    const seller = await loginSeller(t.app);
    await expect(
      t.app.db.transaction(async (tx) => {
        await notify(tx, { userId: seller.user.id, type: 'order_new', ...textNotice('Rolled back', 'x') });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await t.database.query("select 1 from notifications where title = 'Rolled back'");
    expect(rows).toHaveLength(0);
    const jobs = await t.database.query("select 1 from jobs where name = 'notification.deliver'");
    expect(jobs).toHaveLength(0);
  });

  it('places an order with its notice (link to the order, Indian grouping) and pushes it only when the runner runs', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app, { price: '1932.25', moq: 10, stock: 100 });
    const heard: Array<Record<string, unknown>> = [];
    const off = t.app.events.subscribe(notificationChannel(seller.user.id), (p) => heard.push(p as never));
    const res = await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id, 10);
    expect(res.statusCode).toBe(201);
    const order = res.json();

    const [row] = await t.database.query<{ id: string; message: string; link: string }>(
      "select id, message, link from notifications where user_id = $1 and type = 'order_new'",
      [seller.user.id],
    );
    expect(row?.link).toBe(`/dashboard/orders/${order.id}`);
    expect(row?.message).toMatch(/for ₹[0-9]{2},[0-9]{3}\.[0-9]{2}\.$/);
    expect(await jobsFor(row?.id ?? '')).toEqual([{ name: 'notification.deliver', state: 'queued' }]);
    expect(heard).toHaveLength(0);

    await t.app.jobs.drain();
    off();
    expect(heard).toEqual([expect.objectContaining({ id: row?.id, link: `/dashboard/orders/${order.id}` })]);
    expect(await jobsFor(row?.id ?? '')).toEqual([{ name: 'notification.deliver', state: 'done' }]);
  });

  it('keeps a failing mail server from touching the change: the e-mail job retries on its own', async () => {
    const seller = await loginSeller(t.app);
    await call(t.app, 'PUT', '/api/notifications/preferences', {
      token: seller.token,
      body: { email: ['order_new'] },
    });
    const send = t.app.mailer.send;
    t.app.mailer.send = async () => {
      throw new Error('SMTP 451 try again later');
    };
    try {
      const row = await t.app.db.transaction((tx) =>
        notify(tx, { userId: seller.user.id, type: 'order_new', ...textNotice('Mail fails', 'x') }),
      );
      await t.app.jobs.drain();
      expect(await jobsFor(row.id)).toEqual([{ name: 'notification.deliver', state: 'done' }]);
      const [mail] = await t.database.query<{ state: string; attempts: number; last_error: string }>(
        "select state, attempts, last_error from jobs where name = 'email.send' and unique_key = $1",
        [`notification-email:${row.id}`],
      );
      expect(mail).toMatchObject({ state: 'queued', attempts: 1, last_error: 'SMTP 451 try again later' });
    } finally {
      t.app.mailer.send = send;
    }
  });
});

describe('admin: background jobs', () => {
  const t = useTestApp();

  it('lists dead jobs with counts per state, and retries one (audited); only admins may', async () => {
    const admin = await loginAdmin(t.app);
    const seller = await loginSeller(t.app);
    // No handler has this name: its one attempt fails and it lands in the dead letter.
    const id = await enqueue(t.app.db, 'test.unknown', { n: 1 }, { maxAttempts: 1 });
    await t.app.jobs.drain();

    expect((await call(t.app, 'GET', '/api/admin/jobs', { token: seller.token })).statusCode).toBe(403);
    const res = await call(t.app, 'GET', '/api/admin/jobs?state=dead', { token: admin.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toMatchObject({ dead: 1 });
    expect(body.jobs).toEqual([
      expect.objectContaining({ id, name: 'test.unknown', state: 'dead', attempts: 1, maxAttempts: 1 }),
    ]);
    expect(body.jobs[0].lastError).toContain('no handler');

    const retried = await call(t.app, 'POST', `/api/admin/jobs/${id}/retry`, { token: admin.token });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().message).toBe('The job will run again shortly.');
    const again = await call(t.app, 'POST', `/api/admin/jobs/${id}/retry`, { token: admin.token });
    expect(again.statusCode).toBe(409);
    const missing = await call(t.app, 'POST', `/api/admin/jobs/${crypto.randomUUID()}/retry`, { token: admin.token });
    expect(missing.statusCode).toBe(404);
    const [auditRow] = await t.database.query<{ actor_user_id: string }>(
      "select actor_user_id from audit_log where action = 'job.retry' and entity_id = $1",
      [id],
    );
    expect(auditRow?.actor_user_id).toBe(admin.user.id);
    const after = (await call(t.app, 'GET', '/api/admin/jobs?state=dead', { token: admin.token })).json();
    expect(after.counts).toMatchObject({ dead: 0, queued: 1 });
    expect((await call(t.app, 'GET', '/api/admin/jobs?state=nope', { token: admin.token })).statusCode).toBe(400);
  });
});
