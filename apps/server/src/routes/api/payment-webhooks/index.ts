import type { FastifyPluginAsync } from 'fastify';
import { depsOf } from '../../../lib/deps.ts';
import { handleWebhook } from '../../../modules/money/intake.ts';
import { handlePayoutWebhook } from '../../../modules/money/payouts.ts';

/**
 * Razorpay's webhooks (and the local test gateway's, which take the same handler): the signature is over the raw
 * body, so this folder reads JSON bodies as bytes. Public: the signature is the authentication.
 */
const routes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
    '/payments/webhooks/razorpay',
    {
      preHandler: app.limit('payment-webhook', 600, 60),
      schema: {
        tags: ['payments'],
        summary: 'Razorpay webhook: payment.captured, payment.failed, refund.processed (X-Razorpay-Signature)',
      },
    },
    async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
      const header = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      const res = await handleWebhook(depsOf(app), app.gateway, raw, {
        signature: header('x-razorpay-signature'),
        eventId: header('x-razorpay-event-id'),
      });
      return reply.status(res.status).send(res.body);
    },
  );
  app.post(
    '/payments/webhooks/razorpayx',
    {
      preHandler: app.limit('payment-webhook', 600, 60),
      schema: {
        tags: ['payments'],
        summary: 'RazorpayX webhook: payout.processed, payout.reversed, payout.failed (X-Razorpay-Signature)',
      },
    },
    async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
      const header = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      const res = await handlePayoutWebhook(depsOf(app), app.config.RAZORPAYX_WEBHOOK_SECRET, raw, {
        signature: header('x-razorpay-signature'),
        eventId: header('x-razorpay-event-id'),
      });
      return reply.status(res.status).send(res.body);
    },
  );
};

export default routes;
