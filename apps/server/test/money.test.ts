import { describe, expect, it } from 'vitest';
import { depsOf } from '../src/lib/deps.ts';
import { checkLedger, flowTotals, heldForOrder } from '../src/modules/money/ledger.ts';
import { reconcileOpenAttempts, utrMode } from '../src/modules/money/intake.ts';
import { refundableOf } from '../src/modules/money/refunds.ts';
import { razorpayEventBody, type TestGateway } from '../src/modules/payments/providers/test-gateway.ts';
import { call, count, loginAdmin, useTestApp } from './helpers.ts';
import { placeOrder, setStatus, tradeSetup } from './trade-fixtures.ts';

const t = useTestApp();
const DAY = 86_400_000;
const gw = () => t.app.gateway as TestGateway;

async function paidSetup() {
  const s = await tradeSetup(t.app);
  const o = await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id);
  expect(o.statusCode, o.body).toBe(201);
  return { ...s, orderId: o.json().id as string };
}

async function startGateway(token: string, orderId: string) {
  const r = await call(t.app, 'POST', `/api/buyer/orders/${orderId}/pay`, { token, body: { method: 'gateway' } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { attempt: { id: string; amountPaise: number; providerOrderId: string }; checkoutUrl: string };
}

/** The buyer at the test checkout presses Succeed: the browser's redirect, and the queued webhook delivered. */
async function succeed(checkoutUrl: string, deliver = true) {
  const id = checkoutUrl.split('/pay/test/')[1]?.split('?')[0] ?? '';
  const page = await call(t.app, 'GET', checkoutUrl);
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Succeed');
  const r = await call(t.app, 'POST', `/pay/test/${id}/succeed`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `return=${encodeURIComponent('/buyer/orders/x?attempt=y')}`,
  });
  expect(r.statusCode).toBe(303);
  if (deliver) await t.app.jobs.drain();
  return new URL(r.headers.location as string, 'http://x');
}

async function deliver(sellerToken: string, orderId: string, daysAgo: number) {
  expect((await setStatus(t.app, sellerToken, orderId, { status: 'processing' })).statusCode).toBe(200);
  const shipped = await setStatus(t.app, sellerToken, orderId, {
    status: 'shipped',
    carrier: 'Blue Dart',
    trackingNumber: 'BD123456789',
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  expect((await setStatus(t.app, sellerToken, orderId, { status: 'delivered' })).statusCode).toBe(200);
  await t.database.query(
    `update order_events set created_at = now() - ($2::int * interval '1 day') where order_id = $1 and to_status = 'delivered'`,
    [orderId, daysAgo],
  );
}

function webhook(body: string, eventId: string, signature = gw().signWebhook(body)) {
  return call(t.app, 'POST', '/api/payments/webhooks/razorpay', {
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
    body,
  });
}

describe('payments through the test gateway', () => {
  it('takes the amount due from the server, captures once via the webhook, and holds it in escrow', async () => {
    const s = await paidSetup();
    const { attempt, checkoutUrl } = await startGateway(s.buyer.token, s.orderId);
    const [o] = await t.database.query<{ total: string }>('select total from orders where id = $1', [s.orderId]);
    expect(attempt.amountPaise).toBe(Math.round(Number(o?.total) * 100));
    // A reload reuses the same gateway order.
    expect((await startGateway(s.buyer.token, s.orderId)).attempt.id).toBe(attempt.id);
    const back = await succeed(checkoutUrl);
    expect(back.searchParams.get('razorpay_order_id')).toBe(attempt.providerOrderId);
    const verify = await call(t.app, 'POST', `/api/buyer/orders/${s.orderId}/pay/verify`, {
      token: s.buyer.token,
      body: {
        attemptId: attempt.id,
        razorpay_order_id: back.searchParams.get('razorpay_order_id'),
        razorpay_payment_id: back.searchParams.get('razorpay_payment_id'),
        razorpay_signature: back.searchParams.get('razorpay_signature'),
      },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json().status).toBe('captured');
    expect(await heldForOrder(t.app.db, s.orderId)).toBe(attempt.amountPaise);
    expect(await count(t.database, `journal_entries where order_id = '${s.orderId}' and kind = 'capture'`)).toBe(1);
    const panel = await call(t.app, 'GET', `/api/buyer/orders/${s.orderId}/payment`, { token: s.buyer.token });
    expect(panel.json().paymentStatus).toBe('paid');
    // Paying again is refused.
    const again = await call(t.app, 'POST', `/api/buyer/orders/${s.orderId}/pay`, {
      token: s.buyer.token,
      body: { method: 'gateway' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a bad signature (400, nothing changed) and processes a duplicate or reordered event once', async () => {
    const s = await paidSetup();
    const { attempt, checkoutUrl } = await startGateway(s.buyer.token, s.orderId);
    // The payment happens at the gateway; its webhook is delivered by hand below.
    const back = await succeed(checkoutUrl, false);
    const paymentId = back.searchParams.get('razorpay_payment_id') ?? '';
    const failed = razorpayEventBody('payment.failed', {
      paymentId: 'pay_earlier',
      orderId: attempt.providerOrderId,
      amountPaise: attempt.amountPaise,
    });
    const captured = razorpayEventBody('payment.captured', {
      paymentId,
      orderId: attempt.providerOrderId,
      amountPaise: attempt.amountPaise,
    });
    const bad = await webhook(captured, 'evt_bad', 'f'.repeat(64));
    expect(bad.statusCode).toBe(400);
    expect(t.logs.some((l) => l.event === 'webhook.bad_signature')).toBe(true);
    expect(await count(t.database, `webhook_events where event_id = 'evt_bad'`)).toBe(0);
    expect(await heldForOrder(t.app.db, s.orderId)).toBe(0);
    // Failed first, captured after: the capture wins; then the same capture again, and the failure again.
    expect((await webhook(failed, `evt_f_${paymentId}`)).statusCode).toBe(200);
    expect((await webhook(captured, `evt_c_${paymentId}`)).json().outcome).toBe('captured');
    expect((await webhook(captured, `evt_c_${paymentId}`)).json().outcome).toBe('duplicate');
    expect((await webhook(captured, `evt_c2_${paymentId}`)).json().outcome).toBe('duplicate');
    expect((await webhook(failed, `evt_f2_${paymentId}`)).json().outcome).toBe('ignored');
    // The queued webhook of the test gateway arrives too: still once.
    await t.app.jobs.drain();
    expect(await heldForOrder(t.app.db, s.orderId)).toBe(attempt.amountPaise);
    expect(await count(t.database, `journal_entries where order_id = '${s.orderId}'`)).toBe(1);
  });

  it('refuses a captured amount that differs from the amount due, and refunds it at once', async () => {
    const s = await paidSetup();
    const { attempt } = await startGateway(s.buyer.token, s.orderId);
    const body = razorpayEventBody('payment.captured', {
      paymentId: 'pay_short',
      orderId: attempt.providerOrderId,
      amountPaise: attempt.amountPaise - 100,
    });
    expect((await webhook(body, 'evt_short')).json().outcome).toBe('amount_mismatch');
    expect(await heldForOrder(t.app.db, s.orderId)).toBe(0);
    const [a] = await t.database.query<{ status: string }>('select status from payment_attempts where id = $1', [
      attempt.id,
    ]);
    // Money the order cannot count is never kept: booked as owed back and refunded through the gateway.
    expect(a?.status).toBe('refunded');
    const [r] = await t.database.query<{ amount_paise: string }>(
      'select amount_paise from refunds where attempt_id = $1',
      [attempt.id],
    );
    expect(Number(r?.amount_paise)).toBe(attempt.amountPaise - 100);
    expect(await count(t.database, `journal_entries where key = 'flagged-refund:${attempt.id}'`)).toBe(1);
    expect((await checkLedger(t.app.db)).ok).toBe(true);
  });

  it('finds a capture whose webhook never came by reconciliation, exactly once', async () => {
    const s = await paidSetup();
    const { attempt, checkoutUrl } = await startGateway(s.buyer.token, s.orderId);
    await succeed(checkoutUrl, false);
    // The webhook job is lost (the process died): drop it.
    await t.database.query(`delete from jobs where name = 'money.test-webhook'`);
    const later = { ...depsOf(t.app), clock: () => new Date(Date.now() + 5 * 60_000) };
    const r = await reconcileOpenAttempts(later, t.app.gateway);
    expect(r.outcomes.captured).toBeGreaterThanOrEqual(1);
    expect((await reconcileOpenAttempts(later, t.app.gateway)).checked).toBe(0);
    expect(await heldForOrder(t.app.db, s.orderId)).toBe(attempt.amountPaise);
  });
});

describe('bank transfer', () => {
  it('validates the UTR by format', () => {
    expect(utrMode('123456789012')?.mode).toBe('IMPS/UPI');
    expect(utrMode('hdfcn52026112400')?.mode).toBe('NEFT');
    expect(utrMode('HDFCR52026112400000001')?.mode).toBe('RTGS');
    expect(utrMode('12345')).toBeNull();
    expect(utrMode('1234567890123')).toBeNull();
  });

  it('waits for the admin: rejected with a reason, resubmitted, confirmed into escrow', async () => {
    const s = await paidSetup();
    const { token } = await loginAdmin(t.app);
    const start = await call(t.app, 'POST', `/api/buyer/orders/${s.orderId}/pay`, {
      token: s.buyer.token,
      body: { method: 'bank_transfer' },
    });
    expect(start.statusCode).toBe(200);
    const { attempt, bankAccount } = start.json();
    expect(bankAccount.ifsc).toMatch(/^[A-Z]{4}0/);
    const badUtr = await call(t.app, 'POST', `/api/buyer/payments/${attempt.id}/utr`, {
      token: s.buyer.token,
      body: { utr: '12345' },
    });
    expect(badUtr.statusCode).toBe(400);
    expect(badUtr.json().error).toContain('12 digits for IMPS or UPI');
    const utr = `${Date.now()}`.slice(-12).padStart(12, '7');
    const ok = await call(t.app, 'POST', `/api/buyer/payments/${attempt.id}/utr`, {
      token: s.buyer.token,
      body: { utr },
    });
    expect(ok.json().status).toBe('awaiting_confirmation');
    const fin = (await call(t.app, 'GET', '/api/admin/finance', { token })).json();
    expect(fin.awaiting.some((a: { utr: string }) => a.utr === utr)).toBe(true);
    const rej = await call(t.app, 'POST', `/api/admin/finance/payments/${attempt.id}/reject`, {
      token,
      body: { reason: 'Not on the statement of 24 Nov' },
    });
    expect(rej.statusCode).toBe(200);
    expect(await count(t.database, `audit_log where entity_id = '${attempt.id}' and action = 'payment.reject'`)).toBe(
      1,
    );
    await call(t.app, 'POST', `/api/buyer/payments/${attempt.id}/utr`, { token: s.buyer.token, body: { utr } });
    const conf = await call(t.app, 'POST', `/api/admin/finance/payments/${attempt.id}/confirm`, { token });
    expect(conf.statusCode, conf.body).toBe(200);
    expect(await heldForOrder(t.app.db, s.orderId)).toBe(attempt.amountPaise);
    // Cancelled after payment: the refund waits for the admin's bank transfer and its UTR.
    const cancel = await call(t.app, 'POST', `/api/admin/orders/${s.orderId}/status`, {
      token,
      body: { status: 'cancelled', reason: 'Out of stock' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await heldForOrder(t.app.db, s.orderId)).toBe(0);
    const [r] = await t.database.query<{ id: string; status: string }>(
      'select id, status from refunds where order_id = $1',
      [s.orderId],
    );
    expect(r?.status).toBe('pending');
    const paid = await call(t.app, 'POST', `/api/admin/finance/refunds/${r?.id}/paid`, {
      token,
      body: { utr: 'HDFCN52026112499' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await checkLedger(t.app.db)).ok).toBe(true);
  });
});

describe('escrow, settlement, payout and refunds', () => {
  it('releases after delivery and the hold, settles with commission, GST, TCS and TDS, and pays out', async () => {
    const s = await paidSetup();
    const { token } = await loginAdmin(t.app);
    const { attempt, checkoutUrl } = await startGateway(s.buyer.token, s.orderId);
    await succeed(checkoutUrl);
    await deliver(s.seller.token, s.orderId, 3);
    const run = (body = { manufacturerId: s.seller.manufacturer.id }) =>
      call(t.app, 'POST', '/api/admin/settlements/generate', { token, body });
    // Delivered 3 days ago: still in the 7-day hold.
    expect((await run()).json().created).toBe(0);
    const summary = (await call(t.app, 'GET', '/api/payments/summary', { token: s.seller.token })).json();
    expect(summary.heldPaise).toBe(attempt.amountPaise);
    expect(summary.held[0].reason).toContain('Hold period after delivery');
    await t.database.query(
      `update order_events set created_at = now() - interval '8 days' where order_id = $1 and to_status = 'delivered'`,
      [s.orderId],
    );
    const done = (await run()).json();
    expect(done.created).toBe(1);
    const st = (
      await call(t.app, 'GET', `/api/admin/settlements/${done.settlementIds[0]}/statement`, { token })
    ).json();
    const [o] = await t.database.query<{ subtotal: string }>('select subtotal from orders where id = $1', [s.orderId]);
    const taxable = Math.round(Number(o?.subtotal) * 100);
    const gross = attempt.amountPaise;
    const commission = Math.round(taxable * 0.05);
    const gst = Math.round(commission * 0.18);
    const tcs = Math.round(taxable * 0.005); // Maharashtra seller, Karnataka buyer: IGST 0.5 %
    const tds = Math.round(taxable * 0.001); // s.194-O on the value excluding GST
    expect(st.totals).toMatchObject({
      grossPaise: gross,
      commissionPaise: commission,
      gstOnCommissionPaise: gst,
      tcsPaise: tcs,
      tdsPaise: tds,
      netPaise: gross - commission - gst - tcs - tds,
    });
    expect(st.commissionInvoiceNumber).toMatch(/^PLC\/\d{4}\/\d{5}$/);
    const csv = await call(t.app, 'GET', '/api/admin/finance/payout-file.csv', { token });
    expect(csv.body).toContain(st.settlementNumber);
    const paid = await call(t.app, 'POST', `/api/admin/settlements/${st.id}/mark-paid`, {
      token,
      body: { reference: 'HDFCN52026112400' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // A refund after settlement is taken from the seller's next settlement as a negative line, less the refunded
    // share of the commission, GST on it, TCS and TDS withheld at release, which are reversed.
    const refund = await call(t.app, 'POST', `/api/admin/orders/${s.orderId}/refund`, {
      token,
      body: { amountPaise: 5000, reason: 'Two units damaged' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await t.app.jobs.drain();
    const next = (await call(t.app, 'GET', '/api/payments/summary', { token: s.seller.token })).json();
    const share = (n: number) => Math.round((n * 5000) / gross);
    expect(next.nextSettlement.netPaise).toBe(-(5000 - share(commission) - share(gst) - share(tcs) - share(tds)));
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const tax = (await call(t.app, 'GET', `/api/admin/finance/tax-summary?month=${month}`, { token })).json();
    const mine = tax.rows.find((r: { manufacturerId: string }) => r.manufacturerId === s.seller.manufacturer.id);
    expect(mine.tcsIgstPaise).toBe(tcs - share(tcs));
    expect(mine.tdsPaise).toBe(tds - share(tds));
    expect((await checkLedger(t.app.db)).ok).toBe(true);
  });

  it('refunds a cancelled paid order through the gateway, and a dispute for the buyer in part', async () => {
    const s = await paidSetup();
    const { token } = await loginAdmin(t.app);
    const a = await startGateway(s.buyer.token, s.orderId);
    await succeed(a.checkoutUrl);
    const cancel = await call(t.app, 'POST', `/api/buyer/orders/${s.orderId}/cancel`, {
      token: s.buyer.token,
      body: { reason: 'Ordered twice' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.app.jobs.drain();
    const [r] = await t.database.query<{ status: string; amount_paise: string }>(
      'select status, amount_paise from refunds where order_id = $1',
      [s.orderId],
    );
    expect(r?.status).toBe('processed');
    expect(Number(r?.amount_paise)).toBe(a.attempt.amountPaise);

    const d = await paidSetup();
    const b = await startGateway(d.buyer.token, d.orderId);
    await succeed(b.checkoutUrl);
    await deliver(d.seller.token, d.orderId, 10);
    const raised = await call(t.app, 'POST', `/api/buyer/orders/${d.orderId}/disputes`, {
      token: d.buyer.token,
      body: { reason: 'Three pieces cracked' },
    });
    expect(raised.statusCode, raised.body).toBe(201);
    // While the dispute is open nothing is released.
    await call(t.app, 'POST', '/api/admin/settlements/generate', {
      token,
      body: { manufacturerId: d.seller.manufacturer.id },
    });
    expect(await heldForOrder(t.app.db, d.orderId)).toBe(b.attempt.amountPaise);
    // The admin's screen learns what can be refunded, and the server refuses more than that (nothing written).
    const detail = await call(t.app, 'GET', `/api/admin/disputes/${raised.json().id}`, { token });
    expect(detail.json().refundablePaise).toBe(b.attempt.amountPaise);
    const tooMuch = await call(t.app, 'PATCH', `/api/admin/disputes/${raised.json().id}`, {
      token,
      body: { status: 'resolved_buyer', notes: 'Refund all and more', refundPaise: b.attempt.amountPaise + 1 },
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(await count(t.database, `refunds where order_id = '${d.orderId}'`)).toBe(0);
    expect(await count(t.database, `disputes where order_id = '${d.orderId}' and status = 'open'`)).toBe(1);
    const resolved = await call(t.app, 'PATCH', `/api/admin/disputes/${raised.json().id}`, {
      token,
      body: { status: 'resolved_buyer', notes: 'Refund three pieces', refundPaise: 3000 },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await heldForOrder(t.app.db, d.orderId)).toBe(b.attempt.amountPaise - 3000);
    const run = await call(t.app, 'POST', '/api/admin/settlements/generate', {
      token,
      body: { manufacturerId: d.seller.manufacturer.id },
    });
    expect(run.json().created).toBe(1);
    expect(await heldForOrder(t.app.db, d.orderId)).toBe(0);
    await t.app.jobs.drain();
    const totals = await flowTotals(t.app.db);
    expect(totals.received).toBe(
      totals.paidOut +
        totals.commission +
        totals.gstOnCommission +
        totals.tcs +
        totals.tds +
        totals.refunded +
        totals.held,
    );
    expect((await checkLedger(t.app.db)).ok).toBe(true);
  });

  it('refunds a second capture at once through the gateway that took it, once, and posts it in the ledger', async () => {
    const s = await paidSetup();
    const { token } = await loginAdmin(t.app);
    const { attempt, checkoutUrl } = await startGateway(s.buyer.token, s.orderId);
    await succeed(checkoutUrl);
    // The gateway takes a second payment on the same order (a buyer paying twice from two tabs).
    await t.database.query(
      `insert into test_gateway_payments (id, order_id, amount_paise, status) values ('pay_twice', $1, $2, 'captured')`,
      [attempt.providerOrderId, attempt.amountPaise],
    );
    const second = razorpayEventBody('payment.captured', {
      paymentId: 'pay_twice',
      orderId: attempt.providerOrderId,
      amountPaise: attempt.amountPaise,
    });
    expect((await webhook(second, 'evt_twice')).json().outcome).toBe('second_capture');
    expect((await webhook(second, 'evt_twice_again')).json().outcome).toBe('duplicate');
    expect(await heldForOrder(t.app.db, s.orderId)).toBe(attempt.amountPaise);
    // Refunded at once, in the capture's own transaction; the admin has nothing left to refund by hand.
    const [flagged] = await t.database.query<{ id: string; status: string; flagged_paise: string }>(
      `select id, status, flagged_paise from payment_attempts where provider_payment_id = 'pay_twice'`,
    );
    expect(flagged?.status).toBe('refunded');
    expect(Number(flagged?.flagged_paise)).toBe(attempt.amountPaise);
    const [pending] = await t.database.query<{ id: string }>('select id from refunds where attempt_id = $1', [
      flagged?.id,
    ]);
    const again = await call(t.app, 'POST', `/api/admin/finance/payments/${flagged?.id}/refund`, { token, body: {} });
    expect(again.statusCode).toBe(409);
    await t.app.jobs.drain();
    const [r] = await t.database.query<{ status: string; amount_paise: string }>(
      'select status, amount_paise from refunds where id = $1',
      [pending?.id],
    );
    expect(r?.status).toBe('processed');
    expect(Number(r?.amount_paise)).toBe(attempt.amountPaise);
    const [gw2] = await t.database.query<{ refunded_paise: string }>(
      `select refunded_paise from test_gateway_payments where id = 'pay_twice'`,
    );
    expect(Number(gw2?.refunded_paise)).toBe(attempt.amountPaise);
    // The order's own payment is untouched: still held, still refundable in full; the ledger closes.
    expect(await heldForOrder(t.app.db, s.orderId)).toBe(attempt.amountPaise);
    const detailRefundable = await refundableOf(t.app.db, s.orderId);
    expect(detailRefundable.refundable).toBe(attempt.amountPaise);
    expect(await count(t.database, `journal_entries where key = 'flagged-refund:${flagged?.id}'`)).toBe(1);
    expect(
      await count(t.database, `audit_log where action = 'refund.flagged_capture' and entity_id = '${flagged?.id}'`),
    ).toBe(1);
    const left = (await call(t.app, 'GET', '/api/admin/finance', { token })).json().awaiting;
    expect(left.map((a: { id: string }) => a.id)).not.toContain(flagged?.id);
    expect((await checkLedger(t.app.db)).ok).toBe(true);
  });

  it('books a capture for an order we do not know as unmatched, shows it as refund due, and refunds it once', async () => {
    const { token } = await loginAdmin(t.app);
    // A gateway order made elsewhere (another system on the same account): no payment try of ours matches it.
    await t.database.query(
      `insert into test_gateway_orders (id, receipt, amount_paise, status) values ('order_stray', 'elsewhere-1', 50000, 'paid')`,
    );
    await t.database.query(
      `insert into test_gateway_payments (id, order_id, amount_paise, status) values ('pay_stray', 'order_stray', 50000, 'captured')`,
    );
    const body = razorpayEventBody('payment.captured', {
      paymentId: 'pay_stray',
      orderId: 'order_stray',
      amountPaise: 50_000,
    });
    expect((await webhook(body, 'evt_stray')).json().outcome).toBe('unknown_order');
    expect((await webhook(body, 'evt_stray_again')).json().outcome).toBe('unknown_order');
    expect(await count(t.database, `unmatched_captures where provider_payment_id = 'pay_stray'`)).toBe(1);
    expect((await flowTotals(t.app.db)).tb.unmatched).toBe(-50_000);
    const due = (await call(t.app, 'GET', '/api/admin/finance', { token })).json().unmatched;
    expect(due).toEqual([
      expect.objectContaining({ providerPaymentId: 'pay_stray', amountPaise: 50_000, status: 'refund_due' }),
    ]);
    await t.app.jobs.drain();
    const [gw3] = await t.database.query<{ refunded_paise: string }>(
      `select refunded_paise from test_gateway_payments where id = 'pay_stray'`,
    );
    expect(Number(gw3?.refunded_paise)).toBe(50_000);
    const after = (await call(t.app, 'GET', '/api/admin/finance', { token })).json().unmatched;
    expect(after[0]).toMatchObject({ providerPaymentId: 'pay_stray', status: 'refunded' });
    expect((await flowTotals(t.app.db)).tb.unmatched).toBe(0);
    expect((await checkLedger(t.app.db)).ok).toBe(true);
  });

  it('answers the old "post a method and reference" payment with 410', async () => {
    const s = await paidSetup();
    const r = await call(t.app, 'POST', `/api/buyer/orders/${s.orderId}/payments`, {
      token: s.buyer.token,
      body: { method: 'UPI', reference: 'totally-made-up' },
    });
    expect(r.statusCode).toBe(410);
    const [o] = await t.database.query<{ payment_status: string }>('select payment_status from orders where id = $1', [
      s.orderId,
    ]);
    expect(o?.payment_status).toBe('pending');
  });

  it('refuses to edit or delete the ledger', async () => {
    await expect(t.database.query('update journal_lines set amount_paise = 0')).rejects.toThrow(/append-only/);
    await expect(t.database.query('delete from journal_entries')).rejects.toThrow(/append-only/);
  });
});

void DAY;
