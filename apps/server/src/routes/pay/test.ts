import { sameOriginPath } from '@ub/shared';
import { formatInr } from '@ub/shared/format';
import type { FastifyPluginAsync } from 'fastify';
import { TEST_GATEWAY_WEBHOOK } from '../../jobs/definitions.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { TestGateway } from '../../modules/payments/providers/test-gateway.ts';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Only a path on this site: the checkout never sends the browser somewhere else. */
const safeReturn = (r: unknown) => sameOriginPath(r, '/buyer/orders');

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a;display:flex;min-height:100vh;align-items:center;justify-content:center;padding:16px}
.card{background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(15,23,42,.08);width:100%;max-width:420px;padding:28px}
.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:600;letter-spacing:.02em}
h1{font-size:20px;margin:12px 0 4px}.muted{color:#64748b;font-size:14px;margin:0}
.amount{font-size:32px;font-weight:700;margin:20px 0 4px}dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:14px;margin:16px 0 24px}dt{color:#64748b}dd{margin:0;word-break:break-all}
.actions{display:flex;gap:12px;flex-wrap:wrap}form{flex:1 1 140px;margin:0}button{width:100%;border:0;border-radius:8px;padding:12px 16px;font-size:16px;font-weight:600;cursor:pointer}
.ok{background:#16a34a;color:#fff}.ok:hover{background:#15803d}.ko{background:#fff;color:#b91c1c;border:1px solid #fca5a5}.ko:hover{background:#fef2f2}
</style></head><body><main class="card">${body}</main></body></html>`;
}

/**
 * The local `test` gateway's checkout page (development and demo only, never a real payment): the buyer sees the
 * amount and chooses Succeed or Fail. Succeed records the gateway-side payment, queues the signed
 * `payment.captured` webhook to our webhook handler, and sends the browser back with Razorpay's three parameters.
 */
const routes: FastifyPluginAsync = async (app) => {
  if (app.gateway.name !== 'test') return;
  const gateway = app.gateway as TestGateway;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get<{ Params: { id: string }; Querystring: { return?: string } }>(
    '/pay/test/:id',
    { schema: { hide: true } },
    async (req, reply) => {
      const order = await gateway.order(req.params.id);
      reply.type('text/html').header('cache-control', 'no-store');
      if (!order) return reply.status(404).send(page('Payment not found', '<h1>Payment not found</h1>'));
      const back = safeReturn(req.query.return);
      if (order.status === 'paid') {
        return reply.send(
          page(
            'Already paid',
            `<h1>Already paid</h1><p class="muted">This payment is complete.</p><p><a href="${esc(back)}">Back to the order</a></p>`,
          ),
        );
      }
      const form = (outcome: string, label: string, cls: string) =>
        `<form method="post" action="/pay/test/${esc(order.id)}/${outcome}"><input type="hidden" name="return" value="${esc(back)}"><button class="${cls}" type="submit">${label}</button></form>`;
      return reply.send(
        page(
          'Test checkout',
          `<span class="badge">TEST GATEWAY: no real money moves</span>
<h1>Udyog Bazaar checkout</h1><p class="muted">Choose how this test payment ends.</p>
<p class="amount" data-testid="checkout-amount">${esc(formatInr(order.amountPaise / 100))}</p>
<dl><dt>Payment</dt><dd>${esc(order.receipt)}</dd><dt>Gateway order</dt><dd>${esc(order.id)}</dd></dl>
<div class="actions">${form('succeed', 'Succeed', 'ok')}${form('fail', 'Fail', 'ko')}</div>`,
        ),
      );
    },
  );

  app.post<{ Params: { id: string; outcome: string }; Body: { return?: string } }>(
    '/pay/test/:id/:outcome',
    { schema: { hide: true } },
    async (req, reply) => {
      const outcome = req.params.outcome === 'succeed' ? 'succeed' : 'fail';
      const back = safeReturn(req.body?.return);
      let paid: Awaited<ReturnType<TestGateway['pay']>>;
      try {
        paid = await gateway.pay(req.params.id, outcome);
      } catch (err) {
        return reply
          .status(409)
          .type('text/html')
          .send(
            page(
              'Not paid',
              `<h1>Not paid</h1><p class="muted">${esc((err as Error).message)}</p><p><a href="${esc(back)}">Back</a></p>`,
            ),
          );
      }
      const eventId = `evt_test_${paid.providerPaymentId}`;
      await enqueue(
        app.db,
        TEST_GATEWAY_WEBHOOK,
        { body: paid.webhookBody, signature: gateway.signWebhook(paid.webhookBody), eventId },
        { uniqueKey: eventId, maxAttempts: 20 },
      );
      const params =
        outcome === 'succeed'
          ? new URLSearchParams({
              razorpay_order_id: req.params.id,
              razorpay_payment_id: paid.providerPaymentId,
              razorpay_signature: paid.signature ?? '',
            })
          : new URLSearchParams({ payment_failed: '1' });
      // The parameters go into the return path's query (before any #fragment), on this site.
      const target = new URL(back, 'https://same-origin.invalid');
      for (const [name, value] of params) target.searchParams.append(name, value);
      return reply.redirect(`${target.pathname}${target.search}${target.hash}`, 303);
    },
  );
};

export default routes;
