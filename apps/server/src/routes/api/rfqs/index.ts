import {
  errorBody,
  listQuery,
  offerSchema,
  orderDetail,
  RFQ_STATUSES,
  rfqConvertSchema,
  rfqItem,
  rfqRejectSchema,
} from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderDetail as loadOrder } from '../../../modules/orders/queries.ts';
import { depsOf, sellerScope } from '../../../lib/deps.ts';
import { guardFolder } from '../../../plugins/auth.ts';
import { convertRfq, type SellerRfqAction, sellerRfqAction } from '../../../modules/rfqs/commands.ts';
import { listRfqs, rfqFor } from '../../../modules/rfqs/queries.ts';
import { currentManufacturerId, currentUser } from '../../../types.ts';
import { declareSellerAction } from '../../../plugins/seller-status.ts';

const idParams = z.object({ id: z.uuid('Not a valid id.') });
const actionErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Seller RFQ management: the list (read from `orders`, as the spec's screen reads it) and the negotiation actions. */
const routes: FastifyPluginAsyncZod = async (app) => {
  declareSellerAction(app, 'trade');
  guardFolder(app, 'seller');

  app.get(
    '/rfqs',
    {
      schema: {
        tags: ['rfqs'],
        summary: "The seller's RFQs, 8 per page, newest first, optionally of one status",
        security: [{ bearerAuth: [] }],
        querystring: listQuery.pick({ page: true }).extend({ status: z.enum(RFQ_STATUSES).optional() }),
        response: {
          200: z.object({ orders: z.array(rfqItem), total: z.number(), page: z.number(), pageSize: z.number() }),
          400: errorBody,
          401: errorBody,
          403: errorBody,
        },
      },
    },
    async (req) => listRfqs(app.db, { manufacturerId: currentManufacturerId(req) }, req.query),
  );

  app.get(
    '/rfqs/:id',
    {
      schema: {
        tags: ['rfqs'],
        summary: 'One RFQ with its negotiation history',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: rfqItem, ...actionErrors },
      },
    },
    async (req) => rfqFor(app.db, { manufacturerId: currentManufacturerId(req) }, req.params.id),
  );

  const action = (path: string, summary: string, body: z.ZodType, toAction: (b: never) => SellerRfqAction) =>
    app.post(
      `/rfqs/:id/${path}`,
      {
        schema: {
          tags: ['rfqs'],
          summary,
          security: [{ bearerAuth: [] }],
          params: idParams,
          body,
          response: { 200: rfqItem, ...actionErrors },
        },
      },
      async (req) =>
        sellerRfqAction(
          depsOf(app),
          currentManufacturerId(req),
          (req.params as { id: string }).id,
          currentUser(req).id,
          toAction(req.body as never),
        ),
    );

  action('approve', 'Accept the RFQ at the latest offered price (or the target price)', z.object({}).nullish(), () => ({
    action: 'approve',
  }));
  action(
    'reject',
    'Reject the RFQ, optionally with a reason',
    rfqRejectSchema.nullish(),
    (b: z.output<typeof rfqRejectSchema> | null) => ({
      action: 'reject',
      reason: b?.reason,
    }),
  );
  action(
    'counter',
    'Send a counter offer: price per unit, quantity and notes',
    offerSchema,
    (b: z.output<typeof offerSchema>) => ({
      action: 'counter',
      ...b,
    }),
  );
  action(
    'quote',
    'Quote a pending RFQ: price per unit, quantity and notes',
    offerSchema,
    (b: z.output<typeof offerSchema>) => ({
      action: 'quote',
      ...b,
    }),
  );

  app.post(
    '/rfqs/:id/convert',
    {
      schema: {
        tags: ['rfqs'],
        summary:
          "Turn an accepted RFQ into an order at the agreed price and quantity (ships to the buyer's address unless one is given)",
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: rfqConvertSchema.nullish(),
        response: { 201: orderDetail, ...actionErrors },
      },
    },
    async (req, reply) => {
      const mid = currentManufacturerId(req);
      const order = await convertRfq(
        depsOf(app),
        mid,
        req.params.id,
        currentUser(req).id,
        req.body ?? { hsnCode: undefined },
      );
      return reply.status(201).send(await loadOrder(app.db, sellerScope(mid), order.id));
    },
  );
};

export default routes;
