import multipart from '@fastify/multipart';
import {
  buyerDashboard,
  DISPUTE_EVIDENCE_LIMITS,
  disputeEvidenceItem,
  EVIDENCE_MESSAGES,
  buyerOrderDetail,
  buyerOrderListQuery,
  buyerOrderListResponse,
  buyerProfile,
  buyerProfileUpdateSchema,
  BUYER_RFQ_TAB_STATUSES,
  buyerRfqListQuery,
  buyerRfqResponseSchema,
  cancelSchema,
  disputeCreateSchema,
  errorBody,
  orderCreateSchema,
  orderDetail,
  RFQ_STATUSES,
  rfqCreateSchema,
  rfqItem,
  pdfCopyQuery,
  taxDocumentItem,
} from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buyerScope, depsOf } from '../../../lib/deps.ts';
import { sendPrivateFile } from '../../../lib/storage.ts';
import { readFilesField } from '../../../lib/uploads.ts';
import { buyerOfUser, updateBuyerProfile } from '../../../modules/buyers/commands.ts';
import { buyerDashboard as buyerDashboardOf, buyerProfile as buyerProfileOf } from '../../../modules/buyers/queries.ts';
import { raiseDispute } from '../../../modules/disputes/commands.ts';
import { addDisputeEvidence, buyerEvidenceFile } from '../../../modules/disputes/evidence.ts';
import { cancelByBuyer, placeBuyerOrder } from '../../../modules/orders/commands.ts';
import { orderInvoicePdf, taxDocumentPdf } from '../../../modules/tax-documents/download.ts';
import { documentsOfOrder } from '../../../modules/tax-documents/queries.ts';
import {
  buyerOrderDetail as buyerOrderDetailOf,
  listBuyerOrders,
  orderDetail as loadOrder,
} from '../../../modules/orders/queries.ts';
import { buyerRfqResponse, createRfq } from '../../../modules/rfqs/commands.ts';
import { listRfqs, rfqFor } from '../../../modules/rfqs/queries.ts';
import { guardFolder } from '../../../plugins/auth.ts';
import { currentUser } from '../../../types.ts';
import requirements from './requirements.ts';
import money from './money.ts';

const guarded = { 401: errorBody, 403: errorBody };
const idParams = z.object({ id: z.uuid('Not a valid id.') });
const created = z.object({ id: z.string(), number: z.string() });

/** The buyer side of trade: the buyer area's screens (/buyer) and other systems trade through this API. */
const routes: FastifyPluginAsyncZod = async (app) => {
  guardFolder(app, 'buyer');
  await app.register(multipart, {
    limits: {
      fileSize: DISPUTE_EVIDENCE_LIMITS.bytes,
      files: DISPUTE_EVIDENCE_LIMITS.files,
      fields: 5,
      parts: DISPUTE_EVIDENCE_LIMITS.files + 5,
    },
  });
  await app.register(requirements);
  await app.register(money);
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
        querystring: buyerRfqListQuery.extend({ status: z.enum(RFQ_STATUSES).optional() }),
        response: {
          200: z.object({ orders: z.array(rfqItem), total: z.number(), page: z.number(), pageSize: z.number() }),
          400: errorBody,
          ...guarded,
        },
      },
    },
    async (req) => {
      const { tab, ...q } = req.query;
      const statuses = tab ? (BUYER_RFQ_TAB_STATUSES[tab] ?? undefined) : undefined;
      return listRfqs(app.db, { buyerId: (await buyerOf(req)).id }, { ...q, statuses });
    },
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
    '/buyer/dashboard',
    {
      schema: {
        tags: ['buyer'],
        summary: "The buyer's dashboard: open RFQs and requirements, orders in progress, payments due, recent orders",
        security: [{ bearerAuth: [] }],
        response: { 200: buyerDashboard, ...guarded },
      },
    },
    async (req) => buyerDashboardOf(app.db, (await buyerOf(req)).id),
  );

  app.get(
    '/buyer/orders',
    {
      schema: {
        tags: ['buyer'],
        summary: "The buyer's orders, newest first, by tab (in progress, delivered, cancelled) and search",
        security: [{ bearerAuth: [] }],
        querystring: buyerOrderListQuery,
        response: { 200: buyerOrderListResponse, 400: errorBody, ...guarded },
      },
    },
    async (req) => listBuyerOrders(app.db, (await buyerOf(req)).id, req.query),
  );

  app.get(
    '/buyer/orders/:id',
    {
      schema: {
        tags: ['buyer'],
        summary: 'One order of the buyer, with its seller and disputes',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: buyerOrderDetail, 400: errorBody, 404: errorBody, ...guarded },
      },
    },
    async (req) => buyerOrderDetailOf(app.db, (await buyerOf(req)).id, req.params.id),
  );

  app.get(
    '/buyer/orders/:id/invoice',
    {
      schema: {
        tags: ['buyer'],
        summary: "GST tax invoice (PDF) of one of the buyer's shipped or delivered orders",
        security: [{ bearerAuth: [] }],
        params: idParams,
        querystring: pdfCopyQuery,
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
      const { pdf, filename } = await orderInvoicePdf(
        app.db,
        buyerScope((await buyerOf(req)).id),
        req.params.id,
        req.query.copy,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/buyer/orders/:id/tax-documents',
    {
      schema: {
        tags: ['buyer'],
        summary: 'The tax invoice, credit notes and debit notes of one of my orders',
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
    async (req) => ({ documents: await documentsOfOrder(app.db, buyerScope((await buyerOf(req)).id), req.params.id) }),
  );

  app.get(
    '/buyer/tax-documents/:id/pdf',
    {
      schema: {
        tags: ['buyer'],
        summary: 'PDF of a tax invoice, credit note or debit note of one of my orders (Original for recipient)',
        security: [{ bearerAuth: [] }],
        params: idParams,
        querystring: pdfCopyQuery,
        response: { 200: z.any().describe('application/pdf'), 400: errorBody, 404: errorBody, ...guarded },
      },
    },
    async (req, reply) => {
      const { pdf, filename } = await taxDocumentPdf(
        app.db,
        buyerScope((await buyerOf(req)).id),
        req.params.id,
        req.query.copy,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/buyer/profile',
    {
      schema: {
        tags: ['buyer'],
        summary: "The buyer's company profile",
        security: [{ bearerAuth: [] }],
        response: { 200: buyerProfile, ...guarded },
      },
    },
    async (req) => buyerProfileOf(app.db, (await buyerOf(req)).id),
  );

  app.put(
    '/buyer/profile',
    {
      schema: {
        tags: ['buyer'],
        summary: "Save the buyer's company profile (company, contact, GSTIN, address, state)",
        security: [{ bearerAuth: [] }],
        body: buyerProfileUpdateSchema,
        response: { 200: buyerProfile, 400: errorBody, ...guarded },
      },
    },
    async (req) => {
      const buyer = await buyerOf(req);
      await updateBuyerProfile(depsOf(app), buyer.id, req.body);
      return buyerProfileOf(app.db, buyer.id);
    },
  );

  // The old "post any method and reference and it is paid" path: gone; paying goes through POST .../pay.
  app.post(
    '/buyer/orders/:id/payments',
    {
      schema: {
        tags: ['buyer'],
        summary: 'Gone: pay an order with POST /api/buyer/orders/{id}/pay (gateway checkout or bank transfer)',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 410: errorBody, 400: errorBody, ...guarded },
      },
    },
    async (_req, reply) =>
      reply.status(410).send({
        error:
          'Payments are no longer recorded by method and reference. Use Pay now on the order page (online payment or bank transfer with its UTR).',
      }),
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

  app.post(
    '/buyer/disputes/:id/evidence',
    {
      preHandler: app.limit('dispute-evidence', 30, 10),
      schema: {
        tags: ['buyer'],
        summary: `Attach photos or PDFs to a dispute (multipart, repeated field "files"; ${DISPUTE_EVIDENCE_LIMITS.files} files of 5 MB at most)`,
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        params: idParams,
        response: {
          201: z.object({ evidence: z.array(disputeEvidenceItem) }),
          400: errorBody,
          404: errorBody,
          409: errorBody,
          413: errorBody,
          429: errorBody,
          ...guarded,
        },
      },
    },
    async (req, reply) => {
      const buyer = await buyerOf(req);
      const files = await readFilesField(req, EVIDENCE_MESSAGES.missing);
      const evidence = await addDisputeEvidence(
        { ...depsOf(app), storage: app.storage },
        buyer.id,
        req.params.id,
        files,
      );
      return reply.status(201).send({ evidence });
    },
  );

  app.get(
    '/buyer/disputes/:id/evidence/:evidenceId',
    {
      schema: {
        tags: ['buyer'],
        summary: 'One evidence file of one of my disputes',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.uuid('Not a valid id.'), evidenceId: z.uuid('Not a valid id.') }),
      },
    },
    async (req, reply) => {
      const buyer = await buyerOf(req);
      const e = await buyerEvidenceFile(app.db, buyer.id, req.params.id, req.params.evidenceId);
      return sendPrivateFile(reply, app.storage, e.storageKey, e.mime, e.originalName);
    },
  );
};

export default routes;
