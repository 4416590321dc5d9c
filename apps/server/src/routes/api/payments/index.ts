import {
  errorBody,
  listQuery,
  PAYMENT_TABS,
  paymentDetail,
  paymentListItem,
  settlementStatementView,
} from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listPayments, paymentDetail as loadPayment } from '../../../modules/money/seller-payments.ts';
import { sellerMoneySummary } from '../../../modules/money/queries.ts';
import { commissionCreditNoteOf, commissionInvoiceOf } from '../../../modules/money/commission-invoice.ts';
import { settlementStatement, statementCsv } from '../../../modules/money/settlements.ts';
import {
  renderCommissionCreditNotePdf,
  renderCommissionInvoicePdf,
  renderStatementPdf,
} from '../../../modules/money/statement-pdf.ts';
import { guardFolder } from '../../../plugins/auth.ts';
import { currentManufacturerId } from '../../../types.ts';

const guarded = { 401: errorBody, 403: errorBody };

/** Payments buyers made for the seller's orders (held by the platform until the weekly settlement). */
const routes: FastifyPluginAsyncZod = async (app) => {
  guardFolder(app, 'seller');

  app.get(
    '/payments',
    {
      schema: {
        tags: ['payments'],
        summary: "The seller's payments. Tabs: all; in_progress (Pending); paid.",
        security: [{ bearerAuth: [] }],
        querystring: listQuery.extend({ tab: z.enum(PAYMENT_TABS).default('all') }),
        response: {
          200: z.object({
            payments: z.array(paymentListItem),
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
          }),
          400: errorBody,
          ...guarded,
        },
      },
    },
    async (req) =>
      listPayments(app.db, currentManufacturerId(req), {
        tab: req.query.tab,
        search: req.query.search || undefined,
        page: req.query.page,
      }),
  );

  app.get(
    '/payments/summary',
    {
      schema: {
        tags: ['payments'],
        summary: 'Received, held (and why), the next settlement, past settlements',
        security: [{ bearerAuth: [] }],
      },
    },
    async (req) => sellerMoneySummary(app.db, currentManufacturerId(req), new Date(), app.config.SETTLEMENT_HOLD_DAYS),
  );

  app.get(
    '/payments/settlements/:id/statement',
    {
      schema: {
        tags: ['payments'],
        summary: "One of the seller's settlement statements",
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.uuid('Not a valid id.') }),
        response: { 200: settlementStatementView, 400: errorBody, 404: errorBody, ...guarded },
      },
    },
    async (req) => settlementStatement(app.db, req.params.id, currentManufacturerId(req)),
  );

  app.get(
    '/payments/settlements/:id/statement.csv',
    {
      schema: {
        tags: ['payments'],
        summary: "One of the seller's settlement statements as CSV",
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.uuid('Not a valid id.') }),
      },
    },
    async (req, reply) => {
      const st = await settlementStatement(app.db, req.params.id, currentManufacturerId(req));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${st.settlementNumber}.csv"`)
        .send(statementCsv(st));
    },
  );

  app.get(
    '/payments/settlements/:id/statement.pdf',
    {
      schema: {
        tags: ['payments'],
        summary: "One of the seller's settlement statements as PDF",
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.uuid('Not a valid id.') }),
      },
    },
    async (req, reply) => {
      const st = await settlementStatement(app.db, req.params.id, currentManufacturerId(req));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${st.settlementNumber}.pdf"`)
        .send(await renderStatementPdf(st));
    },
  );

  app.get(
    '/payments/settlements/:id/commission-invoice.pdf',
    {
      schema: {
        tags: ['payments'],
        summary: "The platform's commission tax invoice issued with one of the seller's settlements",
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.uuid('Not a valid id.') }),
      },
    },
    async (req, reply) => {
      const doc = await commissionInvoiceOf(app.db, req.params.id, currentManufacturerId(req));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${doc.number.replaceAll('/', '-')}.pdf"`)
        .send(await renderCommissionInvoicePdf(doc.body));
    },
  );

  app.get(
    '/payments/settlements/:id/commission-credit-notes/:noteId',
    {
      schema: {
        tags: ['payments'],
        summary:
          "The platform's credit note (PDF) against one of the seller's commission invoices (a refund after release)",
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.uuid('Not a valid id.'), noteId: z.uuid('Not a valid id.') }),
      },
    },
    async (req, reply) => {
      const doc = await commissionCreditNoteOf(app.db, req.params.id, req.params.noteId, currentManufacturerId(req));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${doc.number.replaceAll('/', '-')}.pdf"`)
        .send(await renderCommissionCreditNotePdf(doc.body));
    },
  );

  app.get(
    '/payments/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'One payment with its order and the settlement it belongs to',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.uuid('Not a valid id.') }),
        response: { 200: paymentDetail, 400: errorBody, 404: errorBody, ...guarded },
      },
    },
    async (req) => loadPayment(app.db, currentManufacturerId(req), req.params.id),
  );
};

export default routes;
