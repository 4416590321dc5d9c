import {
  buyerRegisterSchema,
  buyerRfqResponseSchema,
  cancelSchema,
  disputeCreateSchema,
  errorBody,
  listQuery,
  loginResponse,
  loginSchema,
  orderCreateSchema,
  orderDetail,
  paymentRecordSchema,
  RFQ_STATUSES,
  rfqCreateSchema,
  rfqItem,
} from '@ub/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orders } from '../../../db/schema/index.ts';
import { signIn } from '../../../modules/auth/accounts.ts';
import { createSession, findSessionUser, toSessionUser } from '../../../modules/auth/sessions.ts';
import { buyerOfUser, registerBuyer } from '../../../modules/trade/buyers.ts';
import { raiseDispute } from '../../../modules/trade/disputes.ts';
import { cancelByBuyer, orderDetail as loadOrder, placeBuyerOrder } from '../../../modules/trade/orders.ts';
import { recordPayment } from '../../../modules/trade/payments.ts';
import { buyerRfqResponse, createRfq, listRfqs, rfqFor } from '../../../modules/trade/rfqs.ts';
import { currentUser } from '../../../types.ts';

const guarded = { 401: errorBody, 403: errorBody };
const idParams = z.object({ id: z.uuid('Not a valid id.') });
const created = z.object({ id: z.string(), number: z.string() });

/** The buyer side of trade: buyers have no screens, so other systems and tests trade through this API. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const buyerOf = async (req: Parameters<typeof currentUser>[0]) => buyerOfUser(app.db, currentUser(req).id);
  const asBuyer = { onRequest: app.requireRole('buyer') };

  app.post(
    '/buyer/register',
    {
      preHandler: app.limit('buyer-register', 10, 1),
      schema: {
        tags: ['buyer'],
        summary: 'Register a buyer account',
        body: buyerRegisterSchema,
        response: {
          201: z.object({ id: z.string(), buyerId: z.string() }),
          400: errorBody,
          409: errorBody,
          429: errorBody,
        },
      },
    },
    async (req, reply) => {
      const r = await registerBuyer(app.db, req.body);
      req.log.info({ event: 'buyer.registered', userId: r.userId }, 'buyer registered');
      return reply.status(201).send({ id: r.userId, buyerId: r.buyerId });
    },
  );

  app.post(
    '/buyer/login',
    {
      preHandler: app.limit('buyer-login-ip', 20, 1),
      schema: {
        tags: ['buyer'],
        summary: 'Buyer sign-in with email or phone',
        body: loginSchema,
        response: { 200: loginResponse, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (req) => {
      const { username, password } = req.body;
      const { id } = await signIn(
        { db: app.db, limits: app.limits },
        { username, password, role: 'buyer', ip: req.ip },
      );
      const { token, expiresAt } = await createSession(app.db, id, {
        remember: req.body.remember,
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      const user = await findSessionUser(app.db, token);
      if (!user) throw new Error('session vanished');
      return { token, expiresAt: expiresAt.toISOString(), user: toSessionUser(user) };
    },
  );

  app.post(
    '/buyer/rfqs',
    {
      ...asBuyer,
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
      const rfq = await createRfq(app, await buyerOf(req), currentUser(req).id, req.body);
      return reply.status(201).send({ id: rfq.id, number: rfq.rfqNumber });
    },
  );

  app.get(
    '/buyer/rfqs',
    {
      ...asBuyer,
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
    async (req) => listRfqs(app, { buyerId: (await buyerOf(req)).id }, req.query),
  );

  app.post(
    '/buyer/rfqs/:id/respond',
    {
      ...asBuyer,
      schema: {
        tags: ['buyer'],
        summary: "Accept, reject or counter the seller's latest quote or counter offer",
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: buyerRfqResponseSchema,
        response: { 200: rfqItem, 400: errorBody, 404: errorBody, 409: errorBody, ...guarded },
      },
    },
    async (req) => buyerRfqResponse(app, await buyerOf(req), req.params.id, currentUser(req).id, req.body),
  );

  app.get(
    '/buyer/rfqs/:id',
    {
      ...asBuyer,
      schema: {
        tags: ['buyer'],
        summary: 'One RFQ of the buyer',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: rfqItem, 400: errorBody, 404: errorBody, ...guarded },
      },
    },
    async (req) => rfqFor(app, { buyerId: (await buyerOf(req)).id }, req.params.id),
  );

  app.post(
    '/buyer/orders',
    {
      ...asBuyer,
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
      const order = await placeBuyerOrder(app, await buyerOf(req), user, req.body);
      return reply.status(201).send({ id: order.id, number: order.orderNumber, total: order.total });
    },
  );

  app.get(
    '/buyer/orders',
    {
      ...asBuyer,
      schema: {
        tags: ['buyer'],
        summary: "The buyer's orders, newest first",
        security: [{ bearerAuth: [] }],
        querystring: listQuery.pick({ page: true }),
        response: {
          200: z.object({
            orders: z.array(
              z.object({
                id: z.string(),
                orderId: z.string(),
                status: z.string(),
                paymentStatus: z.string(),
                total: z.string(),
                orderDate: z.string(),
              }),
            ),
            page: z.number(),
          }),
          400: errorBody,
          ...guarded,
        },
      },
    },
    async (req) => {
      const buyer = await buyerOf(req);
      const rows = await app.db
        .select()
        .from(orders)
        .where(eq(orders.buyerId, buyer.id))
        .orderBy(desc(orders.createdAt))
        .limit(20)
        .offset((req.query.page - 1) * 20);
      return {
        page: req.query.page,
        orders: rows.map((o) => ({
          id: o.id,
          orderId: o.orderNumber,
          status: o.status,
          paymentStatus: o.paymentStatus,
          total: o.total,
          orderDate: o.createdAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/buyer/orders/:id',
    {
      ...asBuyer,
      schema: {
        tags: ['buyer'],
        summary: 'One order of the buyer',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: orderDetail, 400: errorBody, 404: errorBody, ...guarded },
      },
    },
    async (req) => loadOrder(app.db, { buyerId: (await buyerOf(req)).id }, req.params.id),
  );

  app.post(
    '/buyer/orders/:id/payments',
    {
      ...asBuyer,
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
      const p = await recordPayment(app, (await buyerOf(req)).id, req.params.id, req.body);
      return reply.status(201).send({ id: p.id, number: p.paymentNumber, status: p.status });
    },
  );

  app.post(
    '/buyer/orders/:id/cancel',
    {
      ...asBuyer,
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
      await cancelByBuyer(app, buyer, req.params.id, req.body.reason, currentUser(req).id);
      return loadOrder(app.db, { buyerId: buyer.id }, req.params.id);
    },
  );

  app.post(
    '/buyer/orders/:id/disputes',
    {
      ...asBuyer,
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
      const d = await raiseDispute(app, (await buyerOf(req)).id, req.params.id, req.body.reason);
      return reply.status(201).send({ id: d.id, status: d.status });
    },
  );
};

export default routes;
