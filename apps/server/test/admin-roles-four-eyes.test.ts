import type { AdminRole } from '@ub/shared';
import { describe, expect, it } from 'vitest';
import { ensureAdmin } from '../src/modules/auth/accounts.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { createAdmin } from '../src/seed/factories.ts';
import { call, count, useTestApp } from './helpers.ts';
import { payOrder, pendingSettlement, placeOrder, tradeSetup } from './trade-fixtures.ts';

/** Issue 28, "Who may move money": console roles on every admin route, and four eyes on large refunds and payouts. */
const t = useTestApp();

async function adminOf(role: AdminRole, fullName = `${role} admin`) {
  const { user } = await createAdmin(t.app.db, { fullName });
  await t.database.query('update users set admin_role = $1 where id = $2', [role, user.id]);
  const { token } = await createSession(t.app.db, user.id, { remember: false });
  return { id: user.id, token };
}

async function paidOrder() {
  const s = await tradeSetup(t.app);
  const orderId = (await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id)).json().id as string;
  expect((await payOrder(t.app, s.buyer.token, orderId)).json()).toEqual({ status: 'paid' });
  return orderId;
}

const refundsOf = (orderId: string) => count(t.database, `refunds where order_id = '${orderId}'`);
const auditOf = (action: string, entityId: string) =>
  count(t.database, `audit_log where action = '${action}' and entity_id = '${entityId}'`);
const notificationsOf = (userId: string, key: string) =>
  count(t.database, `notifications where user_id = '${userId}' and title_key = 'notify.${key}.title'`);

async function setThreshold(owner: { token: string }, paise: number) {
  const res = await call(t.app, 'PUT', '/api/admin/four-eyes', {
    token: owner.token,
    body: { fourEyesAbovePaise: paise },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('admin roles', () => {
  it('makes the admins of before, the ADMIN_EMAIL bootstrap and a role-less insert owners', async () => {
    expect(await ensureAdmin(t.app.db, 'bootstrap.owner@example.in', 'Bootstrap@Passw0rd!')).toBe(true);
    const [row] = await t.database.query<{ admin_role: string }>(
      `select admin_role from users where email = 'bootstrap.owner@example.in'`,
    );
    expect(row?.admin_role).toBe('owner');
    expect(await count(t.database, `users where role = 'admin' and admin_role is null`)).toBe(0);
    expect(await count(t.database, `users where role <> 'admin' and admin_role is not null`)).toBe(0);
    const owner = await adminOf('owner');
    const me = await call(t.app, 'GET', '/api/admin/me', { token: owner.token });
    expect(me.json()).toEqual({ id: owner.id, role: 'owner' });
  });

  it('lets an owner invite an admin with a role and change roles; nobody else may, and an owner always remains', async () => {
    const owner = await adminOf('owner');
    const finance = await adminOf('finance');
    const noRole = await call(t.app, 'POST', '/api/admin/admins', {
      token: owner.token,
      body: { fullName: 'Meera Support', email: 'meera.support@example.in' },
    });
    expect(noRole.statusCode).toBe(400);
    const invited = await call(t.app, 'POST', '/api/admin/admins', {
      token: owner.token,
      body: { fullName: 'Meera Support', email: 'meera.support@example.in', role: 'support' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const meera = invited.json().admin as { id: string; role: string };
    expect(meera.role).toBe('support');
    const list = await call(t.app, 'GET', '/api/admin/admins', { token: owner.token });
    expect(list.json().admins.find((a: { id: string }) => a.id === meera.id)?.role).toBe('support');

    // Finance may not manage admins, not even through the route that changes roles.
    for (const [method, url, body] of [
      ['GET', '/api/admin/admins', undefined],
      ['POST', '/api/admin/admins', { fullName: 'X Y', email: 'x.y@example.in', role: 'owner' }],
      ['PUT', `/api/admin/admins/${finance.id}/role`, { role: 'owner' }],
    ] as const) {
      const res = await call(t.app, method, url, { token: finance.token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toBe('Your admin role does not allow this. Ask an owner for access.');
    }

    const changed = await call(t.app, 'PUT', `/api/admin/admins/${meera.id}/role`, {
      token: owner.token,
      body: { role: 'moderator' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().role).toBe('moderator');
    expect(await auditOf('admin.role', meera.id)).toBe(1);
    // The new role applies to the next request.
    const session = await createSession(t.app.db, meera.id, { remember: false });
    expect((await call(t.app, 'GET', '/api/admin/me', { token: session.token })).json().role).toBe('moderator');

    // A lone owner cannot step down.
    await t.database.query(`update users set admin_role = 'support' where admin_role = 'owner' and id <> $1`, [
      owner.id,
    ]);
    const stepDown = await call(t.app, 'PUT', `/api/admin/admins/${owner.id}/role`, {
      token: owner.token,
      body: { role: 'finance' },
    });
    expect(stepDown.statusCode).toBe(409);
  });

  it('refuses each role what it may not do, with a 403 that says so', async () => {
    const support = await adminOf('support');
    const moderator = await adminOf('moderator');
    const finance = await adminOf('finance');
    const orderId = await paidOrder();
    const refund = { amountPaise: 100, reason: 'Damaged carton' };
    const supportRefund = await call(t.app, 'POST', `/api/admin/orders/${orderId}/refund`, {
      token: support.token,
      body: refund,
    });
    expect(supportRefund.statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/finance', { token: moderator.token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/buyers', { token: finance.token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/products', { token: finance.token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/products', { token: moderator.token })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/admin/buyers', { token: support.token })).statusCode).toBe(200);
    expect(await refundsOf(orderId)).toBe(0);

    // Support resolves a dispute for the seller, never with a refund.
    const dispute = await t.database.query<{ id: string }>(
      `insert into disputes (order_id, manufacturer_id, buyer_id, reason, status)
       select id, manufacturer_id, buyer_id, 'Short delivery', 'open' from orders where id = $1 returning id`,
      [orderId],
    );
    const disputeId = dispute[0]?.id as string;
    const forBuyer = await call(t.app, 'PATCH', `/api/admin/disputes/${disputeId}`, {
      token: support.token,
      body: { status: 'resolved_buyer', notes: 'Refund the short quantity', refundPaise: 100 },
    });
    expect(forBuyer.statusCode).toBe(403);
    expect(forBuyer.json().error).toBe(
      'Only a finance admin or an owner may move money. Ask a finance admin to do this.',
    );
    const review = await call(t.app, 'PATCH', `/api/admin/disputes/${disputeId}`, {
      token: support.token,
      body: { status: 'under_review', notes: 'Asked the seller for the packing list' },
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(await refundsOf(orderId)).toBe(0);
  });

  it('says a refusal in the admin’s language', async () => {
    const moderator = await adminOf('moderator');
    await t.database.query(`update users set language = 'hi' where id = $1`, [moderator.id]);
    const res = await call(t.app, 'GET', '/api/admin/finance', { token: moderator.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('आपकी एडमिन भूमिका में यह करने की अनुमति नहीं है। पहुँच के लिए किसी ओनर से कहें।');
  });
});

describe('four eyes on refunds and payouts', () => {
  it('records a refund above the amount as a request; only another money admin’s approval refunds, once', async () => {
    const owner = await adminOf('owner', 'Owner Om');
    const asha = await adminOf('finance', 'Asha Finance');
    const ravi = await adminOf('finance', 'Ravi Finance');
    const support = await adminOf('support');
    await setThreshold(owner, 500);
    const orderId = await paidOrder();

    const asked = await call(t.app, 'POST', `/api/admin/orders/${orderId}/refund`, {
      token: asha.token,
      body: { amountPaise: 600, reason: 'Wrong colour delivered' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const approval = asked.json().pendingApproval as { id: string; status: string; amountPaise: number };
    expect(approval).toMatchObject({
      status: 'pending',
      amountPaise: 600,
      kind: 'refund',
      reason: 'Wrong colour delivered',
    });
    expect(asked.json().pendingApproval.requestedBy).toEqual({ id: asha.id, name: 'Asha Finance' });
    expect(await refundsOf(orderId)).toBe(0);
    expect(await auditOf('approval.request', approval.id)).toBe(1);
    // The other money admins are told; support is not, nor the requester.
    expect(await notificationsOf(ravi.id, 'approval.requested')).toBe(1);
    expect(await notificationsOf(owner.id, 'approval.requested')).toBe(1);
    expect(await notificationsOf(support.id, 'approval.requested')).toBe(0);
    expect(await notificationsOf(asha.id, 'approval.requested')).toBe(0);

    const listed = await call(t.app, 'GET', '/api/admin/approvals', { token: ravi.token });
    expect(listed.json().approvals.map((a: { id: string }) => a.id)).toContain(approval.id);

    const own = await call(t.app, 'POST', `/api/admin/approvals/${approval.id}/approve`, { token: asha.token });
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe(
      'You asked for this yourself: another finance admin or owner must approve or reject it.',
    );
    expect(
      (await call(t.app, 'POST', `/api/admin/approvals/${approval.id}/approve`, { token: support.token })).statusCode,
    ).toBe(403);
    expect(await refundsOf(orderId)).toBe(0);

    // Two approvals at the same moment: the money moves once.
    const [a, b] = await Promise.all([
      call(t.app, 'POST', `/api/admin/approvals/${approval.id}/approve`, { token: ravi.token, body: {} }),
      call(t.app, 'POST', `/api/admin/approvals/${approval.id}/approve`, { token: owner.token, body: {} }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const done = (a.statusCode === 200 ? a : b).json();
    expect(done.status).toBe('approved');
    expect(await refundsOf(orderId)).toBe(1);
    const [refund] = await t.database.query<{ amount_paise: string }>(
      'select amount_paise from refunds where order_id = $1',
      [orderId],
    );
    expect(Number(refund?.amount_paise)).toBe(600);
    expect(await auditOf('approval.approve', approval.id)).toBe(1);
    expect(await auditOf('refund.issue', orderId)).toBe(1);
    expect(await notificationsOf(asha.id, 'approval.approved')).toBe(1);
    const again = await call(t.app, 'POST', `/api/admin/approvals/${approval.id}/approve`, { token: ravi.token });
    expect(again.statusCode).toBe(409);
    expect(await refundsOf(orderId)).toBe(1);

    // At or below the amount, the refund is made at once as before.
    const small = await call(t.app, 'POST', `/api/admin/orders/${orderId}/refund`, {
      token: asha.token,
      body: { amountPaise: 500, reason: 'Freight overcharged' },
    });
    expect(small.statusCode, small.body).toBe(200);
    expect(await refundsOf(orderId)).toBe(2);
  });

  it('moves nothing when the second admin rejects', async () => {
    const owner = await adminOf('owner');
    const asha = await adminOf('finance', 'Asha Finance');
    await setThreshold(owner, 500);
    const orderId = await paidOrder();
    const asked = await call(t.app, 'POST', `/api/admin/orders/${orderId}/refund`, {
      token: asha.token,
      body: { amountPaise: 900, reason: 'Buyer asked' },
    });
    const id = asked.json().pendingApproval.id as string;
    const ownReject = await call(t.app, 'POST', `/api/admin/approvals/${id}/reject`, {
      token: asha.token,
      body: { note: 'Changed my mind' },
    });
    expect(ownReject.statusCode).toBe(403);
    const rejected = await call(t.app, 'POST', `/api/admin/approvals/${id}/reject`, {
      token: owner.token,
      body: { note: 'No proof of damage' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', decisionNote: 'No proof of damage' });
    expect((await call(t.app, 'POST', `/api/admin/approvals/${id}/approve`, { token: owner.token })).statusCode).toBe(
      409,
    );
    expect(await refundsOf(orderId)).toBe(0);
    expect(await auditOf('approval.reject', id)).toBe(1);
    expect(await notificationsOf(asha.id, 'approval.rejected')).toBe(1);
  });

  it('holds a payout marked paid above the amount until another admin approves it', async () => {
    const s = await pendingSettlement(t);
    const owner = await adminOf('owner');
    const asha = await adminOf('finance');
    await setThreshold(owner, Math.max(0, s.netPaise - 1));
    const bad = await call(t.app, 'POST', `/api/admin/settlements/${s.settlementId}/mark-paid`, {
      token: asha.token,
      body: { reference: 'abc' },
    });
    expect(bad.statusCode).toBe(400);
    const asked = await call(t.app, 'POST', `/api/admin/settlements/${s.settlementId}/mark-paid`, {
      token: asha.token,
      body: { reference: 'HDFCN52026112499' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().pendingApproval).toMatchObject({
      kind: 'payout_paid',
      amountPaise: s.netPaise,
      subject: s.number,
    });
    const status = async () =>
      (await t.database.query<{ status: string }>('select status from settlements where id = $1', [s.settlementId]))[0]
        ?.status;
    expect(await status()).toBe('pending');
    const twice = await call(t.app, 'POST', `/api/admin/settlements/${s.settlementId}/mark-paid`, {
      token: owner.token,
      body: { reference: 'HDFCN52026112499' },
    });
    expect(twice.statusCode).toBe(409);
    const approved = await call(t.app, 'POST', `/api/admin/approvals/${asked.json().pendingApproval.id}/approve`, {
      token: owner.token,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await status()).toBe('paid');
    expect(await count(t.database, `journal_entries where key = 'payout:${s.settlementId}'`)).toBe(1);
  });

  it('lets only an owner change the amount, audited', async () => {
    const owner = await adminOf('owner');
    const finance = await adminOf('finance');
    expect((await call(t.app, 'GET', '/api/admin/four-eyes', { token: finance.token })).json()).toHaveProperty(
      'fourEyesAbovePaise',
    );
    const refused = await call(t.app, 'PUT', '/api/admin/four-eyes', {
      token: finance.token,
      body: { fourEyesAbovePaise: 1 },
    });
    expect(refused.statusCode).toBe(403);
    await setThreshold(owner, 10_000_000);
    expect(await count(t.database, `audit_log where action = 'settings.four_eyes'`)).toBeGreaterThan(0);
  });
});
