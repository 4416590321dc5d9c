import {
  adminDisputesQuery,
  adminLeadsQuery,
  adminOrderDetail,
  adminOrderListItem,
  adminOrdersQuery,
  adminPaymentsQuery,
  disputeUpdateSchema,
  errorBody,
  leadUpdateSchema,
  markSettlementPaidSchema,
  orderStatusChangeSchema,
  adminDashboard,
  adminPaymentListItem,
  adminSettlementListItem,
  adminLeadListItem,
  adminDisputeDetail,
  adminDisputeListItem,
  pdfCopyQuery,
  taxDocumentItem,
  runSettlementsSchema,
  settlementsNotDue,
  pendingApprovalAnswer,
  UTR_HELP,
  utrMode,
} from '@ub/shared';
import { badRequest } from '../../../lib/errors.ts';
import { payoutNeedingApproval, requestApproval } from '../../../modules/approvals/index.ts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { updateDispute } from '../../../modules/disputes/commands.ts';
import { sendPrivateFile } from '../../../lib/storage.ts';
import { adminEvidenceFile } from '../../../modules/disputes/evidence.ts';
import { disputeById, listDisputes } from '../../../modules/disputes/queries.ts';
import { listLeads, updateLead } from '../../../modules/leads/cases.ts';
import { dashboard } from '../../../modules/admin/dashboard.ts';
import { adminScope, depsOf } from '../../../lib/deps.ts';
import { startProviderPayout } from '../../../modules/money/provider-payouts.ts';
import { changeOrderStatusAsAdmin } from '../../../modules/orders/commands.ts';
import { listAdminOrders, orderDetail } from '../../../modules/orders/queries.ts';
import {
  generateWeeklySettlements,
  listPayments,
  listSettlements,
  markSettlementPaid,
} from '../../../modules/money/admin-payments.ts';
import { currentUser } from '../../../types.ts';
import { platformOf } from '../../../modules/money/commission-invoice.ts';
import { orderInvoicePdf, taxDocumentPdf } from '../../../modules/tax-documents/download.ts';
import { documentsOfOrder } from '../../../modules/tax-documents/queries.ts';
import { may } from './access.ts';

/** A cancellation may refund a paid order; a dispute resolved for the buyer refunds: both are money commands. */
const cancelsOrder = (body: unknown) => (body as { status?: unknown } | undefined)?.status === 'cancelled';
const resolvesWithRefund = (body: unknown) => {
  const b = body as { status?: unknown } | undefined;
  return b?.status === 'resolved_buyer';
};

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = (what: string) => z.object({ id: z.uuid({ error: `${what} not found` }) });
const paged = <T extends z.ZodRawShape>(key: string, item: z.ZodObject<T>) =>
  z.object({ [key]: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });

const routes: FastifyPluginAsyncZod = async (app) => {
  const base = { tags: ['admin'], security: [{ bearerAuth: [] }] };

  app.get(
    '/admin/dashboard',
    {
      config: may('dashboard'),
      schema: {
        ...base,
        summary: 'Cards, new requests and chart series, all from SQL aggregates',
        response: { 200: adminDashboard, ...errors },
      },
    },
    async () => dashboard(app.database),
  );

  app.get(
    '/admin/orders',
    {
      config: may('orders'),
      schema: {
        ...base,
        summary: 'Orders of every seller',
        querystring: adminOrdersQuery,
        response: { 200: paged('orders', adminOrderListItem), ...errors },
      },
    },
    async (req) => listAdminOrders(app.db, req.query),
  );
  app.get(
    '/admin/orders/:id',
    {
      config: may('orders'),
      schema: {
        ...base,
        summary: 'One order with items, timeline and payments',
        params: idParams('Order'),
        response: { 200: adminOrderDetail, ...errors },
      },
    },
    async (req) => orderDetail(app.db, adminScope, req.params.id),
  );
  const copyQuery = pdfCopyQuery;
  const pdfReply = (reply: FastifyReply, { pdf, filename }: { pdf: Buffer; filename: string }) =>
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  app.get(
    '/admin/orders/:id/invoice.pdf',
    {
      config: may('orders'),
      schema: {
        ...base,
        summary: "Any order's GST tax invoice (PDF), from the copy frozen at issue",
        params: idParams('Order'),
        querystring: copyQuery,
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
    },
    async (req, reply) => pdfReply(reply, await orderInvoicePdf(app.db, adminScope, req.params.id, req.query.copy)),
  );
  app.get(
    '/admin/orders/:id/tax-documents',
    {
      config: may('orders'),
      schema: {
        ...base,
        summary: 'The tax invoice, credit notes and debit notes of any order',
        params: idParams('Order'),
        response: { 200: z.object({ documents: z.array(taxDocumentItem) }), ...errors },
      },
    },
    async (req) => ({ documents: await documentsOfOrder(app.db, adminScope, req.params.id) }),
  );
  app.get(
    '/admin/tax-documents/:id/pdf',
    {
      config: may('orders'),
      schema: {
        ...base,
        summary: 'PDF of any tax document',
        params: idParams('Document'),
        querystring: copyQuery,
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
    },
    async (req, reply) => pdfReply(reply, await taxDocumentPdf(app.db, adminScope, req.params.id, req.query.copy)),
  );
  app.post(
    '/admin/orders/:id/status',
    {
      config: may('orders', cancelsOrder),
      schema: {
        ...base,
        summary:
          'Move an order on under the seller-side rules (shipping needs carrier and tracking; cancel needs a reason)',
        params: idParams('Order'),
        body: orderStatusChangeSchema,
        response: { 200: adminOrderDetail, ...errors },
      },
    },
    async (req) => {
      await changeOrderStatusAsAdmin(depsOf(app), currentUser(req).id, req.params.id, req.body);
      return orderDetail(app.db, adminScope, req.params.id);
    },
  );

  app.get(
    '/admin/payments',
    {
      config: may('payments'),
      schema: {
        ...base,
        summary: 'Buyer payments',
        querystring: adminPaymentsQuery,
        response: { 200: paged('payments', adminPaymentListItem), ...errors },
      },
    },
    async (req) => listPayments(app.db, req.query),
  );
  app.get(
    '/admin/settlements',
    {
      config: may('settlements'),
      schema: {
        ...base,
        summary: 'Weekly seller settlements',
        querystring: adminPaymentsQuery,
        response: { 200: paged('settlements', adminSettlementListItem), ...errors },
      },
    },
    async (req) => listSettlements(app.db, req.query),
  );
  app.post(
    '/admin/settlements/generate',
    {
      config: may('settlements'),
      schema: {
        ...base,
        summary: "Generate this week's settlements from paid, delivered, unsettled orders (one per seller)",
        response: {
          200: z.object({
            created: z.number(),
            week: z.object({ start: z.string(), end: z.string() }),
            settlementIds: z.array(z.string()),
            notDue: settlementsNotDue,
          }),
          ...errors,
        },
        body: runSettlementsSchema.optional(),
      },
    },
    async (req) =>
      generateWeeklySettlements(depsOf(app), currentUser(req).id, {
        holdDays: app.config.SETTLEMENT_HOLD_DAYS,
        platform: platformOf(app.config),
        ...(req.body?.manufacturerId ? { manufacturerId: req.body.manufacturerId } : {}),
      }),
  );
  app.post(
    '/admin/settlements/:id/mark-paid',
    {
      config: may('settlements'),
      schema: {
        ...base,
        summary: 'Record the bank transfer of a settlement; the seller is notified',
        params: idParams('Settlement'),
        body: markSettlementPaidSchema,
        response: { 200: adminSettlementListItem, 202: pendingApprovalAnswer, ...errors },
      },
    },
    async (req, reply) => {
      const held = await payoutNeedingApproval(app.db, req.params.id);
      if (held) {
        const utr = utrMode(req.body.reference);
        if (!utr) throw badRequest(UTR_HELP, { reference: UTR_HELP });
        const pendingApproval = await requestApproval(depsOf(app), currentUser(req).id, {
          kind: 'payout_paid',
          subject: { settlementId: req.params.id },
          amountPaise: held.netPaise,
          reason: `Bank transfer ${utr.utr} (${utr.mode})`,
          utr: utr.utr,
        });
        return reply.status(202).send({ pendingApproval });
      }
      return markSettlementPaid(depsOf(app), currentUser(req).id, req.params.id, req.body.reference);
    },
  );
  app.post(
    '/admin/settlements/:id/payout',
    {
      config: may('settlements'),
      schema: {
        ...base,
        summary:
          'Pay a pending settlement through the payout provider (PAYOUT_PROVIDER=razorpayx); 409 with the manual provider',
        params: idParams('Settlement'),
        response: { 200: adminSettlementListItem, 202: pendingApprovalAnswer, ...errors },
      },
    },
    async (req, reply) => {
      const held = await payoutNeedingApproval(app.db, req.params.id);
      if (held) {
        if (app.payouts.name === 'manual') {
          // The provider's own refusal (nothing to approve): the same words as without four eyes.
          return startProviderPayout(depsOf(app), app.payouts, currentUser(req).id, req.params.id);
        }
        const pendingApproval = await requestApproval(depsOf(app), currentUser(req).id, {
          kind: 'payout_provider',
          subject: { settlementId: req.params.id },
          amountPaise: held.netPaise,
          reason: `${app.payouts.name} payout`,
        });
        return reply.status(202).send({ pendingApproval });
      }
      return startProviderPayout(depsOf(app), app.payouts, currentUser(req).id, req.params.id);
    },
  );

  app.get(
    '/admin/leads',
    {
      config: may('leads'),
      schema: {
        ...base,
        summary: 'Leads from the landing page',
        querystring: adminLeadsQuery,
        response: { 200: paged('leads', adminLeadListItem), ...errors },
      },
    },
    async (req) => listLeads(app.db, req.query),
  );
  app.patch(
    '/admin/leads/:id',
    {
      config: may('leads'),
      schema: {
        ...base,
        summary: "Change a lead's status or notes",
        params: idParams('Lead'),
        body: leadUpdateSchema,
        response: { 200: adminLeadListItem, ...errors },
      },
    },
    async (req) => updateLead(depsOf(app), currentUser(req).id, req.params.id, req.body),
  );

  app.get(
    '/admin/disputes',
    {
      config: may('disputes'),
      schema: {
        ...base,
        summary: 'Disputes raised on orders',
        querystring: adminDisputesQuery,
        response: { 200: paged('disputes', adminDisputeListItem), ...errors },
      },
    },
    async (req) => listDisputes(app.db, req.query),
  );
  app.get(
    '/admin/disputes/:id',
    {
      config: may('disputes'),
      schema: {
        ...base,
        summary: 'One dispute, with its order, parties and notes',
        params: idParams('Dispute'),
        response: { 200: adminDisputeDetail, ...errors },
      },
    },
    async (req) => disputeById(app.db, req.params.id),
  );
  app.get(
    '/admin/disputes/:id/evidence/:evidenceId',
    {
      config: may('disputes'),
      schema: {
        ...base,
        summary: "One of the buyer's evidence files of a dispute",
        params: z.object({ id: z.uuid('Dispute not found'), evidenceId: z.uuid('Evidence not found') }),
      },
    },
    async (req, reply) => {
      const e = await adminEvidenceFile(app.db, req.params.id, req.params.evidenceId);
      return sendPrivateFile(reply, app.storage, e.storageKey, e.mime, e.originalName);
    },
  );
  app.patch(
    '/admin/disputes/:id',
    {
      config: may('disputes', resolvesWithRefund),
      schema: {
        ...base,
        summary: 'Review or resolve a dispute, with a note',
        params: idParams('Dispute'),
        body: disputeUpdateSchema,
        response: { 200: adminDisputeListItem, ...errors },
      },
    },
    async (req) =>
      updateDispute(depsOf(app), currentUser(req).id, req.params.id, req.body.status, req.body.notes, {
        refundPaise: req.body.refundPaise,
        holdDays: app.config.SETTLEMENT_HOLD_DAYS,
      }),
  );
};

export default routes;
