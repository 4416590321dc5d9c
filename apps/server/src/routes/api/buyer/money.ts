import {
  errorBody,
  orderPaymentsView,
  paymentAttemptView,
  payStartResponse,
  payStartSchema,
  payVerifySchema,
  utrSchema,
} from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../../lib/deps.ts';
import { buyerOfUser } from '../../../modules/buyers/commands.ts';
import { buyerLinks } from '../../../modules/buyers/notify.ts';
import { orderPayments, startPayment, submitUtr, verifyReturn } from '../../../modules/money/intake.ts';
import { currentUser } from '../../../types.ts';

const guarded = { 401: errorBody, 403: errorBody };
const idParams = z.object({ id: z.uuid('Not a valid id.') });

/** Paying an order (registered inside the buyer folder, behind its guard). The amount is always the server's. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const buyerOf = async (req: Parameters<typeof currentUser>[0]) => buyerOfUser(app.db, currentUser(req).id);

  app.get(
    '/buyer/orders/:id/payment',
    {
      schema: {
        tags: ['buyer'],
        summary: "An order's payment: amount due, attempts (with their state) and refunds",
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: orderPaymentsView, 400: errorBody, 404: errorBody, ...guarded },
      },
    },
    async (req) => orderPayments(app.db, app.gateway.name, (await buyerOf(req)).id, req.params.id),
  );

  app.post(
    '/buyer/orders/:id/pay',
    {
      preHandler: app.limit('buyer-pay', 30, 60),
      schema: {
        tags: ['buyer'],
        summary:
          'Start paying an order for the amount due: online (gateway checkout) or bank transfer (account and reference)',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: payStartSchema,
        response: { 200: payStartResponse, 400: errorBody, 404: errorBody, 409: errorBody, 503: errorBody, ...guarded },
      },
    },
    async (req) =>
      startPayment(depsOf(app), { gateway: app.gateway, config: app.config }, (await buyerOf(req)).id, req.params.id, {
        method: req.body.method,
        returnUrl: buyerLinks.order(req.params.id),
      }),
  );

  app.post(
    '/buyer/orders/:id/pay/verify',
    {
      schema: {
        tags: ['buyer'],
        summary: "The browser's return from the checkout: the payment signature is checked, then the gateway asked",
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: payVerifySchema,
        response: { 200: paymentAttemptView, 400: errorBody, 404: errorBody, ...guarded },
      },
    },
    async (req) =>
      verifyReturn(depsOf(app), app.gateway, (await buyerOf(req)).id, {
        attemptId: req.body.attemptId,
        providerOrderId: req.body.razorpay_order_id,
        providerPaymentId: req.body.razorpay_payment_id,
        signature: req.body.razorpay_signature,
      }),
  );

  app.post(
    '/buyer/payments/:id/utr',
    {
      preHandler: app.limit('buyer-utr', 20, 60),
      schema: {
        tags: ['buyer'],
        summary: 'The UTR of a bank transfer: the payment then awaits confirmation by the finance team',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: utrSchema,
        response: { 200: paymentAttemptView, 400: errorBody, 404: errorBody, 409: errorBody, ...guarded },
      },
    },
    async (req) => submitUtr(depsOf(app), (await buyerOf(req)).id, req.params.id, req.body.utr),
  );
};

export default routes;
