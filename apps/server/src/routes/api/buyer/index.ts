import {
  buyerOrderListItem,
  buyerRfqResponseSchema,
  cancelSchema,
  disputeCreateSchema,
  errorBody,
  listQuery,
  orderCreateSchema,
  orderDetail,
  paymentRecordSchema,
  RFQ_STATUSES,
  rfqCreateSchema,
  rfqItem,
} from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buyerScope, depsOf } from '../../../lib/deps.ts';
import { buyerOfUser } from '../../../modules/buyers/commands.ts';
import { raiseDispute } from '../../../modules/disputes/commands.ts';
import { cancelByBuyer, placeBuyerOrder } from '../../../modules/orders/commands.ts';
import { listBuyerOrders, orderDetail as loadOrder } from '../../../modules/orders/queries.ts';
import { recordPayment } from '../../../modules/payments/commands.ts';
import { buyerRfqResponse, createRfq } from '../../../modules/rfqs/commands.ts';
import { listRfqs, rfqFor } from '../../../modules/rfqs/queries.ts';
import { guardFolder } from '../../../plugins/auth.ts';
import { currentUser } from '../../../types.ts';
import requirements from './requirements.ts';

const guarded = { 401: errorBody, 403: errorBody };
const idParams = z.object({ id: z.uuid('Not a valid id.') });
const created = z.object({ id: z.string(), number: z.string() });

/** The buyer side of trade: buyers have no screens, so other systems and tests trade through this API. */
const routes: FastifyPluginAsyncZod = async (app) => {
  guardFolder(app, 'buyer');
  await app.register(requirements);
  const buyerOf = async (req: Parameters<typeof currentUser>[0]) => buyerOfUser(app.db, currentUser(req).id);

  app.post(
    '/buyer/rfqs',
    {
      preHandler: app.limit('buyer-rfq', 60, 60),
      schema: {
        tags: ['buyer'],
        summary: 'Send a request for quotation to a manufacturer',
        security: [{ bearerAuth: [] }],
        body: rfqCreateSchema,
        response: { 201: created, 400: errorBody, 404: errorBody, 409: errorBody, 429: errorBody, ...guarded },
      },
    },
    async (req, reply) => {
      const rfq = await createRfq(depsOf(app), await buyerOf(req), currentUser(req).id, req.body);
      return reply.status(201).send({ id: rfq.id, number: rfq.rfqNumber });
    },
  );

  app.get(
    '/buyer/rfqs',
    {
      schema: {
        tags: ['buyer'],
        summary: "The buyer's RFQs with the negotiation so far",
        security: [{ bearerAuth: [] }],
        querystring: listQuery.pick({ page: true }).extend({ status: z.enum(RFQ_STATUSES).optional() }),
        response: {
          200: z.object({ orders: z.array(rfqItem), total: z.number(), page: z.number(), pageSize: z.number() }),
          400: errorBody,
          ...guarded,
        },
      },
    },
    async (req) => listRfqs(app.db, { buyerId: (await buyerOf(req)).id }, req.query),
  );

  app.post(
    '/buyer/rfqs/:id/respond',
    {
      schema: {
        tags: ['buyer'],
        summary: "Accept, reject or counter the seller's latest quote or counter offer",
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: buyerRfqResponseSchema,
        response: { 200: rfqItem, 400: errorBody, 404: errorBody, 409: errorBody, ...guarded },
      },
    },
    async (req) => buyerRfqResponse(depsOf(app), await buyerOf(req), req.params.id, currentUser(req).id, req.body),
  );

  app.get(
    '/buyer/rfqs/:id',
    {
      schema: {
        tags: ['buyer'],
        summary: 'One RFQ of the buyer',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: rfqItem, 400: errorBody, 404: errorBody, ...guarded },
      },
    },
    async (req) => rfqFor(app.db, { buyerId: (await buyerOf(req)).id }, req.params.id),
  );

  app.post(
    '/buyer/orders',
    {
      preHandler: app.limit('buyer-order', 120, 60),
      schema: {
        tags: ['buyer'],
        summary: 'Place an order for approved products of one manufacturer',
        security: [{ bearerAuth: [] }],
        body: orderCreateSchema,
        response: {
          201: created.extend({ total: z.string() }),
          400: errorBody,
          404: errorBody,
          409: errorBody,
          429: errorBody,
          ...guarded,
        },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const order = await placeBuyerOrder(depsOf(app), await buyerOf(req), user, req.body);
      return reply.status(201).send({ id: order.id, number: order.orderNumber, total: order.total });
    },
  );

  app.get(
    '/buyer/orders',
    {
      schema: {
        tags: ['buyer'],
        summary: "The buyer's orders, newest first",
        security: [{ bearerAuth: [] }],
        querystring: listQuery.pick({ page: true }),
        response: {
          200: z.object({
            orders: z.array(buyerOrderListItem),
            page: z.number(),
          }),
          400: errorBody,
          ...guarded,
        },
      },
    },
    async (req) => listBuyerOrders(app.db, (await buyerOf(req)).id, req.query.page),
  );

  app.get(
    '/buyer/orders/:id',
    {
      schema: {
        tags: ['buyer'],
        summary: 'One order of the buyer',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: orderDetail, 400: errorBody, 404: errorBody, ...guarded },
      },
    },
    async (req) => loadOrder(app.db, buyerScope((await buyerOf(req)).id), req.params.id),
  );

  app.post(
    '/buyer/orders/:id/payments',
    {
      schema: {
        tags: ['buyer'],
        summary: 'Pay an order (method and reference); the platform holds it until the weekly settlement',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: paymentRecordSchema,
        response: {
          201: created.extend({ status: z.string() }),
          400: errorBody,
          404: errorBody,
          409: errorBody,
          ...guarded,
        },
      },
    },
    async (req, reply) => {
      const p = await recordPayment(depsOf(app), (await buyerOf(req)).id, req.params.id, req.body);
      return reply.status(201).send({ id: p.id, number: p.paymentNumber, status: p.status });
    },
  );

  app.post(
    '/buyer/orders/:id/cancel',
    {
      schema: {
        tags: ['buyer'],
        summary: 'Cancel an order that is still pending or processing (stock is returned)',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: cancelSchema,
        response: { 200: orderDetail, 400: errorBody, 404: errorBody, 409: errorBody, ...guarded },
      },
    },
    async (req) => {
      const buyer = await buyerOf(req);
      await cancelByBuyer(depsOf(app), buyer, req.params.id, req.body.reason, currentUser(req).id);
      return loadOrder(app.db, buyerScope(buyer.id), req.params.id);
    },
  );

  app.post(
    '/buyer/orders/:id/disputes',
    {
      schema: {
        tags: ['buyer'],
        summary: 'Raise a dispute on an order',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: disputeCreateSchema,
        response: {
          201: z.object({ id: z.string(), status: z.string() }),
          400: errorBody,
          404: errorBody,
          409: errorBody,
          ...guarded,
        },
      },
    },
    async (req, reply) => {
      const d = await raiseDispute(depsOf(app), (await buyerOf(req)).id, req.params.id, req.body.reason);
      return reply.status(201).send({ id: d.id, status: d.status });
    },
  );
};

export default routes;
