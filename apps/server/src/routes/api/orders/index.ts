import {
  debitNoteSchema,
  EWAY_BILL_CANCEL_HOURS,
  ewayBillCancelSchema,
  ewayBillNumberSchema,
  ewayBillVehicleSchema,
  errorBody,
  orderDetail,
  orderListItem,
  orderStatusChangeSchema,
  pdfCopyQuery,
  sellerOrderListQuery,
  sellerOrderDisputes,
  taxDocumentItem,
} from '@ub/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeOrderStatus } from '../../../modules/orders/commands.ts';
import { listSellerOrders, orderDetail as loadOrder } from '../../../modules/orders/queries.ts';
import { depsOf, sellerScope } from '../../../lib/deps.ts';
import { sendPrivateFile } from '../../../lib/storage.ts';
import { sellerEvidenceFile } from '../../../modules/disputes/evidence.ts';
import { sellerOrderDisputes as loadDisputes } from '../../../modules/disputes/queries.ts';
import { issueDebitNote } from '../../../modules/tax-documents/commands.ts';
import {
  cancelEwayBill,
  ewayBillOf,
  ewayBillsManagedHere,
  setEwayBillNumber,
  updateEwayBillVehicle,
} from '../../../modules/tax-documents/eway-bill.ts';
import { notFound } from '../../../lib/errors.ts';
import { orderInvoicePdf, taxDocumentPdf } from '../../../modules/tax-documents/download.ts';
import { documentFor, documentItem, documentsOfOrder } from '../../../modules/tax-documents/queries.ts';
import { cancelEinvoice, retryEinvoice } from '../../../modules/tax-documents/einvoice-register.ts';
import { toPaise } from '../../../modules/trade/common.ts';
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
        querystring: sellerOrderListQuery,
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

  const pdfResponse = {
    200: z.any().describe('application/pdf'),
    400: errorBody,
    404: errorBody,
    409: errorBody,
    ...guarded,
  };
  const sendPdf = (reply: FastifyReply, { pdf, filename }: { pdf: Buffer; filename: string }) =>
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);

  app.get(
    '/orders/:id/invoice.pdf',
    {
      schema: {
        tags: ['orders'],
        summary:
          'GST tax invoice (PDF) of a shipped order, drawn from the copy frozen at issue: Original, Duplicate and Triplicate pages, or the copy asked for',
        security: [{ bearerAuth: [] }],
        params: idParams,
        querystring: pdfCopyQuery,
        response: pdfResponse,
      },
    },
    async (req, reply) =>
      sendPdf(
        reply,
        await orderInvoicePdf(app.db, sellerScope(currentManufacturerId(req)), req.params.id, req.query.copy),
      ),
  );

  app.get(
    '/orders/:id/tax-documents',
    {
      schema: {
        tags: ['orders'],
        summary: 'The tax invoice, credit notes and debit notes of an order',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: {
          200: z.object({ documents: z.array(taxDocumentItem) }),
          400: errorBody,
          404: errorBody,
          ...guarded,
        },
      },
    },
    async (req) => ({
      documents: await documentsOfOrder(app.db, sellerScope(currentManufacturerId(req)), req.params.id),
    }),
  );

  app.post(
    '/orders/:id/debit-notes',
    {
      // A price correction changes the deal: trade, which a suspended seller may not do.
      config: { sellerAction: 'trade' },
      schema: {
        tags: ['orders'],
        summary: "Correct an invoiced order upwards: a debit note for more taxable value, taxed at each line's rate",
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: debitNoteSchema,
        response: { 201: taxDocumentItem, 400: errorBody, 404: errorBody, 409: errorBody, ...guarded },
      },
    },
    async (req, reply) => {
      const doc = await issueDebitNote(
        depsOf(app),
        sellerScope(currentManufacturerId(req)),
        req.params.id,
        { taxablePaise: toPaise(req.body.amount), reason: req.body.reason },
        currentUser(req).id,
      );
      return reply.code(201).send(documentItem(doc));
    },
  );

  const ewayBillResponse = z.object({
    ewbNumber: z.string().nullable(),
    ewbDate: z.string().nullable(),
    validUntil: z.string().nullable(),
    transporterName: z.string(),
    transportMode: z.string(),
    vehicleNumber: z.string().nullable(),
    transportDocNumber: z.string().nullable(),
    fromPlace: z.string().nullable(),
    fromStateCode: z.string().nullable(),
    vehicleUpdatedAt: z.string().nullable(),
    distanceKm: z.number(),
    cancelledAt: z.string().nullable(),
    cancelReasonCode: z.string().nullable(),
    cancelRemark: z.string().nullable(),
    /** Until when the seller may still cancel it (24 hours from generation); null when it has no number. */
    cancellableUntil: z.string().nullable(),
    /** Whether Part-B updates and cancellation go through this platform (false: the seller does them on the portal). */
    managed: z.boolean(),
    payload: z.any(),
  });
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  const ewayBillView = (row: NonNullable<Awaited<ReturnType<typeof ewayBillOf>>>) => ({
    ewbNumber: row.ewbNumber,
    ewbDate: iso(row.ewbDate),
    validUntil: iso(row.validUntil),
    transporterName: row.transporterName,
    transportMode: row.transportMode,
    vehicleNumber: row.vehicleNumber,
    transportDocNumber: row.transportDocNumber,
    fromPlace: row.fromPlace,
    fromStateCode: row.fromStateCode,
    vehicleUpdatedAt: iso(row.vehicleUpdatedAt),
    distanceKm: row.distanceKm,
    cancelledAt: iso(row.cancelledAt),
    cancelReasonCode: row.cancelReasonCode,
    cancelRemark: row.cancelRemark,
    cancellableUntil: row.ewbDate
      ? new Date(row.ewbDate.getTime() + EWAY_BILL_CANCEL_HOURS * 3_600_000).toISOString()
      : null,
    managed: ewayBillsManagedHere(),
    payload: row.payload,
  });

  app.get(
    '/orders/:id/eway-bill',
    {
      schema: {
        tags: ['orders'],
        summary:
          "The e-way bill of a shipped consignment above Rs 50,000: Part A and Part B in the portal's JSON (payload) and its number once known",
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: ewayBillResponse, 400: errorBody, 404: errorBody, ...guarded },
      },
    },
    async (req) => {
      const row = await ewayBillOf(app.db, sellerScope(currentManufacturerId(req)), req.params.id);
      if (!row) throw notFound('This order has no e-way bill.');
      return ewayBillView(row);
    },
  );

  app.post(
    '/orders/:id/eway-bill',
    {
      schema: {
        tags: ['orders'],
        summary: 'Record the e-way bill number the portal gave; it then prints on the invoice',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: ewayBillNumberSchema,
        response: { 200: ewayBillResponse, 400: errorBody, 404: errorBody, 409: errorBody, ...guarded },
      },
    },
    async (req) =>
      ewayBillView(
        await setEwayBillNumber(
          app.db,
          sellerScope(currentManufacturerId(req)),
          req.params.id,
          req.body.ewbNumber,
          new Date(),
        ),
      ),
  );

  app.post(
    '/orders/:id/eway-bill/vehicle',
    {
      schema: {
        tags: ['orders'],
        summary:
          "Update the e-way bill's Part-B (a new vehicle or transport document, the place and state it moves from, the reason); the portal's VEHEWB",
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: ewayBillVehicleSchema,
        response: { 200: ewayBillResponse, 400: errorBody, 404: errorBody, 409: errorBody, ...guarded },
      },
    },
    async (req) =>
      ewayBillView(
        await updateEwayBillVehicle(
          app.db,
          sellerScope(currentManufacturerId(req)),
          req.params.id,
          req.body,
          new Date(),
        ),
      ),
  );

  app.post(
    '/orders/:id/eway-bill/cancel',
    {
      schema: {
        tags: ['orders'],
        summary:
          "Cancel the e-way bill within 24 hours of its generation (reason 1 duplicate, 2 order cancelled, 3 data entry mistake, 4 others); the portal's CANEWB",
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: ewayBillCancelSchema,
        response: { 200: ewayBillResponse, 400: errorBody, 404: errorBody, 409: errorBody, ...guarded },
      },
    },
    async (req) =>
      ewayBillView(
        await cancelEwayBill(app.db, sellerScope(currentManufacturerId(req)), req.params.id, req.body, new Date()),
      ),
  );

  app.post(
    '/tax-documents/:id/einvoice/cancel',
    {
      schema: {
        tags: ['orders'],
        summary: 'Cancel the IRN of one of my e-invoices, within 24 hours of its acknowledgement',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: z.object({
          reason: z.enum(['1', '2', '3', '4'], {
            error: 'Choose a reason: 1 duplicate, 2 data entry mistake, 3 order cancelled, 4 other.',
          }),
          remark: z.string().trim().min(1, 'Remark is required.').max(100),
        }),
        response: { 200: taxDocumentItem, 400: errorBody, 404: errorBody, 409: errorBody, ...guarded },
      },
    },
    async (req) => {
      const scope = sellerScope(currentManufacturerId(req));
      await cancelEinvoice(app.db, scope, req.params.id, req.body, new Date());
      return documentItem(await documentFor(app.db, scope, req.params.id));
    },
  );

  app.post(
    '/tax-documents/:id/einvoice/retry',
    {
      schema: {
        tags: ['orders'],
        summary: 'Send a failed e-invoice to the IRP again',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: taxDocumentItem, 400: errorBody, 404: errorBody, 409: errorBody, ...guarded },
      },
    },
    async (req) => {
      const scope = sellerScope(currentManufacturerId(req));
      await retryEinvoice(app.db, scope, req.params.id);
      return documentItem(await documentFor(app.db, scope, req.params.id));
    },
  );

  app.get(
    '/tax-documents/:id/pdf',
    {
      schema: {
        tags: ['orders'],
        summary: 'PDF of one of my tax documents (invoice, credit note, debit note)',
        security: [{ bearerAuth: [] }],
        params: idParams,
        querystring: pdfCopyQuery,
        response: pdfResponse,
      },
    },
    async (req, reply) =>
      sendPdf(
        reply,
        await taxDocumentPdf(app.db, sellerScope(currentManufacturerId(req)), req.params.id, req.query.copy),
      ),
  );

  app.get(
    '/orders/:id/disputes',
    {
      schema: {
        tags: ['orders'],
        summary: "The disputes the buyer raised on one of the seller's orders, with the buyer's evidence files",
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: sellerOrderDisputes, 400: errorBody, 404: errorBody, ...guarded },
      },
    },
    async (req) => loadDisputes(app.db, currentManufacturerId(req), req.params.id),
  );

  app.get(
    '/orders/disputes/:id/evidence/:evidenceId',
    {
      schema: {
        tags: ['orders'],
        summary: "One of the buyer's evidence files of a dispute on one of the seller's orders",
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.uuid('Not a valid id.'), evidenceId: z.uuid('Not a valid id.') }),
      },
    },
    async (req, reply) => {
      const e = await sellerEvidenceFile(app.db, currentManufacturerId(req), req.params.id, req.params.evidenceId);
      return sendPrivateFile(reply, app.storage, e.storageKey, e.mime, e.originalName);
    },
  );
};

export default routes;
