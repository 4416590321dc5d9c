import {
  errorBody,
  gstr1Query,
  pendingApprovalAnswer,
  payoutUtrSchema,
  refundSchema,
  rejectPaymentSchema,
  settlementStatementView,
} from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../../../lib/audit.ts';
import { conflict } from '../../../lib/errors.ts';
import { depsOf } from '../../../lib/deps.ts';
import { confirmBankTransfer, rejectBankTransfer } from '../../../modules/money/intake.ts';
import { gstr8, gstr8Csv, tds194o, tds194oCsv, tdsPeriod } from '../../../modules/money/operator-returns.ts';
import { platformGstr1 } from '../../../modules/money/platform-gstr1.ts';
import { financeOverview, taxSummary } from '../../../modules/money/queries.ts';
import {
  commissionSettingsSchema,
  getCommissionSettings,
  listRates,
  saveCommissionSettings,
} from '../../../modules/money/rates.ts';
import { issueRefund, markRefundPaid, refundFlaggedCapture } from '../../../modules/money/refunds.ts';
import { commissionCreditNoteOf, commissionInvoiceOf } from '../../../modules/money/commission-invoice.ts';
import { payoutFileCsv, settlementStatement, statementCsv } from '../../../modules/money/settlements.ts';
import {
  renderCommissionCreditNotePdf,
  renderCommissionInvoicePdf,
  renderStatementPdf,
} from '../../../modules/money/statement-pdf.ts';
import { currentUser } from '../../../types.ts';
import { may } from './access.ts';
import { needsSecondAdmin, requestApproval } from '../../../modules/approvals/index.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: z.uuid('Not found') });
const ok = z.object({ ok: z.boolean() });

/** The admin's finance screens (issue 13): transfers to confirm, refunds, held money, payouts, ledger, taxes. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const base = { tags: ['admin'], security: [{ bearerAuth: [] }] };
  const hold = () => app.config.SETTLEMENT_HOLD_DAYS;

  app.get(
    '/admin/finance',
    {
      config: may('finance'),
      schema: {
        ...base,
        summary: 'Transfers to confirm, refunds, held money per seller, payouts due, ledger balances',
      },
    },
    async () => ({
      ...(await financeOverview(app.db, new Date(), hold())),
      // The screen offers "Pay via RazorpayX" instead of the UTR form when payouts go through RazorpayX.
      payoutProvider: app.config.PAYOUT_PROVIDER,
    }),
  );
  app.post(
    '/admin/finance/payments/:id/confirm',
    {
      config: may('finance'),
      schema: {
        ...base,
        summary: "Confirm a buyer's bank transfer against the bank statement",
        params: idParams,
        response: { 200: ok, ...errors },
      },
    },
    async (req) => confirmBankTransfer(depsOf(app), currentUser(req).id, req.params.id),
  );
  app.post(
    '/admin/finance/payments/:id/reject',
    {
      config: may('finance'),
      schema: {
        ...base,
        summary: "Reject a buyer's bank transfer with a reason (buyer and seller are told)",
        params: idParams,
        body: rejectPaymentSchema,
        response: { 200: ok, ...errors },
      },
    },
    async (req) => rejectBankTransfer(depsOf(app), currentUser(req).id, req.params.id, req.body.reason),
  );
  app.post(
    '/admin/finance/payments/:id/refund',
    {
      config: may('finance'),
      schema: {
        ...base,
        summary: 'Refund a flagged capture (a second payment, a wrong amount) through the provider that took it',
        params: idParams,
        response: { 200: z.object({ id: z.string(), refundNumber: z.string() }), ...errors },
      },
    },
    async (req) => refundFlaggedCapture(depsOf(app), currentUser(req).id, req.params.id),
  );
  app.post(
    '/admin/finance/refunds/:id/paid',
    {
      config: may('finance'),
      schema: {
        ...base,
        summary: 'A bank-transfer refund was paid to the buyer: its UTR',
        params: idParams,
        body: payoutUtrSchema,
        response: { 200: ok, ...errors },
      },
    },
    async (req) => markRefundPaid(depsOf(app), currentUser(req).id, req.params.id, req.body.utr),
  );
  app.post(
    '/admin/orders/:id/refund',
    {
      config: may('finance'),
      schema: {
        ...base,
        summary: 'Refund part or all of a paid order (amount in paise, reason); through the provider that took it',
        params: idParams,
        body: refundSchema,
        response: {
          200: z.object({ id: z.string(), refundNumber: z.string() }),
          202: pendingApprovalAnswer,
          ...errors,
        },
      },
    },
    async (req, reply) => {
      // Four eyes: above the site's amount the refund waits for a second money admin (only the approval refunds).
      if (await needsSecondAdmin(app.db, req.body.amountPaise)) {
        const pendingApproval = await requestApproval(depsOf(app), currentUser(req).id, {
          kind: 'refund',
          subject: { orderId: req.params.id },
          amountPaise: req.body.amountPaise,
          reason: req.body.reason,
        });
        return reply.status(202).send({ pendingApproval });
      }
      const r = await issueRefund(depsOf(app), { orderId: req.params.id, ...req.body });
      if (!r) throw Object.assign(new Error('This order has no captured payment to refund.'), { statusCode: 409 });
      await audit(app.db, {
        actorUserId: currentUser(req).id,
        action: 'refund.issue',
        entityType: 'order',
        entityId: req.params.id,
        reason: req.body.reason,
        after: { refundId: r.id, amountPaise: r.amountPaise },
      });
      return { id: r.id, refundNumber: r.refundNumber };
    },
  );
  app.get(
    '/admin/settlements/:id/statement',
    {
      config: may('settlements'),
      schema: {
        ...base,
        summary: "A settlement's statement with its orders (drill-down)",
        params: idParams,
        response: { 200: settlementStatementView, ...errors },
      },
    },
    async (req) => settlementStatement(app.db, req.params.id),
  );
  app.get(
    '/admin/settlements/:id/statement.csv',
    { config: may('settlements'), schema: { ...base, summary: "A settlement's statement as CSV", params: idParams } },
    async (req, reply) => {
      const st = await settlementStatement(app.db, req.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${st.settlementNumber}.csv"`)
        .send(statementCsv(st));
    },
  );
  app.get(
    '/admin/settlements/:id/statement.pdf',
    { config: may('settlements'), schema: { ...base, summary: "A settlement's statement as PDF", params: idParams } },
    async (req, reply) => {
      const st = await settlementStatement(app.db, req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${st.settlementNumber}.pdf"`)
        .send(await renderStatementPdf(st));
    },
  );
  app.get(
    '/admin/settlements/:id/commission-invoice.pdf',
    {
      config: may('settlements'),
      schema: { ...base, summary: "The platform's commission tax invoice issued with a settlement", params: idParams },
    },
    async (req, reply) => {
      const doc = await commissionInvoiceOf(app.db, req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${doc.number.replaceAll('/', '-')}.pdf"`)
        .send(await renderCommissionInvoicePdf(doc.body));
    },
  );
  app.get(
    '/admin/settlements/:id/commission-credit-notes/:noteId',
    {
      config: may('settlements'),
      schema: {
        ...base,
        summary: "The platform's credit note (PDF) against a settlement's commission invoice",
        params: z.object({ id: z.uuid('Not a valid id.'), noteId: z.uuid('Not a valid id.') }),
      },
    },
    async (req, reply) => {
      const doc = await commissionCreditNoteOf(app.db, req.params.id, req.params.noteId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${doc.number.replaceAll('/', '-')}.pdf"`)
        .send(await renderCommissionCreditNotePdf(doc.body));
    },
  );
  app.get(
    '/admin/finance/payout-file.csv',
    { config: may('finance'), schema: { ...base, summary: "The bank's payout file: one row per unpaid settlement" } },
    async (_req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="payouts.csv"')
        .send(await payoutFileCsv(app.db)),
  );
  app.get(
    '/admin/finance/tax-summary',
    {
      config: may('finance'),
      schema: {
        ...base,
        summary: 'Monthly TCS (s.52 CGST) and TDS (s.194-O) per seller GSTIN/PAN',
        querystring: z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month as YYYY-MM.') }),
      },
    },
    async (req) => ({ month: req.query.month, rows: await taxSummary(app.db, req.query.month) }),
  );
  app.get(
    '/admin/finance/gstr8',
    {
      config: may('finance'),
      schema: {
        ...base,
        summary:
          "The platform's GSTR-8 of a month (IST): TCS collected under s.52 per supplier GSTIN, as the offline utility's JSON or CSV",
        querystring: gstr1Query,
        response: { 200: z.any(), ...errors },
      },
    },
    async (req, reply) => {
      const gstin = app.config.platformGstin;
      if (!gstin) throw conflict("Set PLATFORM_GSTIN (the platform's GSTIN as e-commerce operator) to prepare GSTR-8.");
      const data = await gstr8(app.db, gstin, req.query.month);
      const name = `GSTR8_${data.gstin}_${data.fp}`;
      reply.header('cache-control', 'private, no-store');
      if (req.query.format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(gstr8Csv(data));
      }
      return reply
        .type('application/json')
        .header('content-disposition', `attachment; filename="${name}.json"`)
        .send(JSON.stringify(data));
    },
  );
  app.get(
    '/admin/finance/platform-gstr1',
    {
      config: may('finance'),
      schema: {
        ...base,
        summary:
          "The platform's own GSTR-1 of a month (IST): its commission tax invoices to sellers (SAC 998599) as the offline tool's JSON (b2b, hsn, doc_issue)",
        querystring: z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM.') }),
        response: { 200: z.any(), ...errors },
      },
    },
    async (req, reply) => {
      const gstin = app.config.platformGstin;
      if (!gstin) throw conflict("Set PLATFORM_GSTIN (the platform's GSTIN) to prepare its GSTR-1.");
      const data = await platformGstr1(app.db, gstin, req.query.month);
      reply.header('cache-control', 'private, no-store');
      return reply
        .type('application/json')
        .header('content-disposition', `attachment; filename="GSTR1_${data.gstin}_${data.fp}.json"`)
        .send(JSON.stringify(data));
    },
  );
  app.get(
    '/admin/finance/tds-194o.csv',
    {
      config: may('finance'),
      schema: {
        ...base,
        summary:
          'TDS under s.194-O of a month (2026-05) or quarter (2026-27-Q1): per seller PAN, gross and TDS, as CSV',
        querystring: z.object({
          period: z
            .string()
            .refine((p) => tdsPeriod(p) !== null, 'Period must be a month (2026-05) or a quarter (2026-27-Q1).'),
        }),
        response: { 200: z.any(), ...errors },
      },
    },
    async (req, reply) => {
      const period = tdsPeriod(req.query.period);
      if (!period) throw conflict('Period must be a month (2026-05) or a quarter (2026-27-Q1).');
      return reply
        .header('cache-control', 'private, no-store')
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="TDS_194O_${req.query.period}.csv"`)
        .send(tds194oCsv(await tds194o(app.db, period)));
    },
  );
  app.get(
    '/admin/finance/rates',
    {
      config: may('finance'),
      schema: { ...base, summary: 'Commission by category and the tax rates with their effective dates' },
    },
    async () => ({ commission: await getCommissionSettings(app.db), rates: await listRates(app.db) }),
  );
  app.put(
    '/admin/finance/commission',
    {
      config: may(['owner']),
      schema: {
        ...base,
        summary: 'Commission percent: default and per category (audited)',
        body: commissionSettingsSchema,
        response: { 200: commissionSettingsSchema, ...errors },
      },
    },
    async (req) => {
      const next = {
        defaultPercent: req.body.defaultPercent,
        categories: Object.fromEntries(
          Object.entries(req.body.categories).map(([k, v]) => [k.trim().toLowerCase(), v]),
        ),
      };
      const before = await saveCommissionSettings(app.db, next);
      await audit(app.db, {
        actorUserId: currentUser(req).id,
        action: 'settings.commission',
        entityType: 'site_settings',
        entityId: 'commission',
        before,
        after: next,
      });
      return next;
    },
  );
};

export default routes;
