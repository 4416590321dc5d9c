import { errorBody, taxSettingsSchema } from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { saveTaxSettings, taxSettingsOf } from '../../../modules/tax-documents/settings.ts';
import { currentManufacturerId } from '../../../types.ts';
import { declareSellerAction } from '../../../plugins/seller-status.ts';

const taxSettingsResponse = z.object({
  invoicePrefix: z.string(),
  creditNotePrefix: z.string(),
  debitNotePrefix: z.string(),
  einvoiceApplies: z.boolean(),
});
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** The seller's tax document settings: series prefixes (numbers of at most 16 characters) and e-invoicing. */
const routes: FastifyPluginAsyncZod = async (app) => {
  declareSellerAction(app, 'account');
  const base = { tags: ['settings'], security: [{ bearerAuth: [] }] };

  app.get(
    '/settings/tax',
    {
      schema: {
        ...base,
        summary: 'My invoice, credit note and debit note prefixes, and whether e-invoicing applies',
        response: { 200: taxSettingsResponse, ...errors },
      },
    },
    async (req) => taxSettingsOf(app.db, currentManufacturerId(req)),
  );

  app.put(
    '/settings/tax',
    {
      schema: {
        ...base,
        summary:
          'Set my prefixes (1-5 letters, digits or "-": numbers read PREFIX/2627/00001) and whether e-invoicing applies (turnover above Rs 5 crore)',
        body: taxSettingsSchema,
        response: { 200: taxSettingsResponse, ...errors },
      },
    },
    async (req) => saveTaxSettings(app.db, currentManufacturerId(req), req.body),
  );
};

export default routes;
