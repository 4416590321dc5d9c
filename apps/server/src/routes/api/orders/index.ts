import { errorBody, listQuery, ORDER_TABS, orderDetail, orderListItem, orderStatusChangeSchema } from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceData, renderInvoicePdf } from '../../../modules/orders/invoice.ts';
import { changeOrderStatus } from '../../../modules/orders/commands.ts';
import { listSellerOrders, orderDetail as loadOrder } from '../../../modules/orders/queries.ts';
import { depsOf, sellerScope } from '../../../lib/deps.ts';
import { guardFolder } from '../../../plugins/auth.ts';
import { currentManufacturerId, currentUser } from '../../../types.ts';
import { declareSellerAction } from '../../../plugins/seller-status.ts';

const idParams = z.object({ id: z.uuid('Not a valid id.') });
const guarded = { 401: errorBody, 403: errorBody };

/** Seller order management: tabs, search, detail, the status lifecycle and the GST tax invoice. */
const routes: FastifyPluginAsyncZod = async (app) => {
  declareSellerAction(app, 'fulfil');
  guardFolder(app, 'seller');

  app.get(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary:
          "The seller's orders, newest first. Tabs: all; pending (pending, processing, shipped); completed (delivered). Search matches order number, customer and product names.",
        security: [{ bearerAuth: [] }],
        querystring: listQuery.extend({ tab: z.enum(ORDER_TABS).default('all') }),
        response: {
          200: z.object({
            orders: z.array(orderListItem),
            total: z.number(),
            totalCapped: z.boolean(),
            page: z.number(),
            pageSize: z.number(),
          }),
          400: errorBody,
          ...guarded,
        },
      },
    },
    async (req) =>
      listSellerOrders(app.database, currentManufacturerId(req), {
        tab: req.query.tab,
        search: req.query.search || undefined,
        page: req.query.page,
      }),
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'Everything the Order Details modal shows, with the timeline',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: orderDetail, 400: errorBody, 404: errorBody, ...guarded },
      },
    },
    async (req) => loadOrder(app.db, sellerScope(currentManufacturerId(req)), req.params.id),
  );

  app.post(
    '/orders/:id/status',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Move an order: Pending -> Processing -> Shipped (carrier and tracking number) -> Delivered; Cancelled from Pending or Processing with a reason',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: orderStatusChangeSchema,
        response: { 200: orderDetail, 400: errorBody, 404: errorBody, 409: errorBody, ...guarded },
      },
    },
    async (req) => {
      const mid = currentManufacturerId(req);
      const user = currentUser(req);
      await changeOrderStatus(depsOf(app), sellerScope(mid), req.params.id, req.body, user.id, user.manufacturerStatus);
      req.log.info({ event: 'order.status', orderId: req.params.id, to: req.body.status }, 'order status changed');
      return loadOrder(app.db, sellerScope(mid), req.params.id);
    },
  );

  app.get(
    '/orders/:id/invoice.pdf',
    {
      schema: {
        tags: ['orders'],
        summary: 'GST tax invoice (PDF) of a shipped or delivered order',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: {
          200: z.any().describe('application/pdf'),
          400: errorBody,
          404: errorBody,
          409: errorBody,
          ...guarded,
        },
      },
    },
    async (req, reply) => {
      const data = await invoiceData(app.db, currentManufacturerId(req), req.params.id);
      const pdf = await renderInvoicePdf(data);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${data.invoiceNumber}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};

export default routes;
