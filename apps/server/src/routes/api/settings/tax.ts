import { einvoiceCredentialsSchema, errorBody, ewayBillCredentialsSchema, taxSettingsSchema } from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  einvoiceCredentialsOf,
  removeEinvoiceCredentials,
  saveEinvoiceCredentials,
} from '../../../modules/tax-documents/einvoice-credentials.ts';
import {
  ewayBillCredentialsOf,
  removeEwayBillCredentials,
  saveEwayBillCredentials,
} from '../../../modules/tax-documents/ewaybill-credentials.ts';
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
/** What the browser sees of the stored credentials: the user name and whether a password is kept, never the password. */
const credentialsResponse = z.object({
  username: z.string().nullable(),
  saved: z.boolean(),
  updatedAt: z.string().nullable(),
});

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

  app.get(
    '/settings/einvoice-credentials',
    {
      schema: {
        ...base,
        summary:
          'My e-invoice portal API user name and whether its password is stored (the password is never returned)',
        response: { 200: credentialsResponse, ...errors },
      },
    },
    async (req) => einvoiceCredentialsOf(app.db, currentManufacturerId(req)),
  );

  app.put(
    '/settings/einvoice-credentials',
    {
      schema: {
        ...base,
        summary:
          'Store my e-invoice portal API user name and password (sealed with AES-256-GCM), used to register my IRNs through the GSP',
        body: einvoiceCredentialsSchema,
        response: { 200: credentialsResponse, 409: errorBody, ...errors },
      },
    },
    async (req) => saveEinvoiceCredentials(app.db, currentManufacturerId(req), req.body),
  );

  app.delete(
    '/settings/einvoice-credentials',
    {
      schema: {
        ...base,
        summary: 'Forget my e-invoice portal API credentials',
        response: { 200: credentialsResponse, ...errors },
      },
    },
    async (req) => removeEinvoiceCredentials(app.db, currentManufacturerId(req)),
  );

  app.get(
    '/settings/ewaybill-credentials',
    {
      schema: {
        ...base,
        summary:
          'My e-way bill portal API user name and whether its password is stored (the password is never returned)',
        response: { 200: credentialsResponse, ...errors },
      },
    },
    async (req) => ewayBillCredentialsOf(app.db, currentManufacturerId(req)),
  );

  app.put(
    '/settings/ewaybill-credentials',
    {
      schema: {
        ...base,
        summary:
          'Store my e-way bill portal API user name and password (sealed with AES-256-GCM), used to generate, update and cancel my e-way bills through the NIC API',
        body: ewayBillCredentialsSchema,
        response: { 200: credentialsResponse, 409: errorBody, ...errors },
      },
    },
    async (req) => saveEwayBillCredentials(app.db, currentManufacturerId(req), req.body),
  );

  app.delete(
    '/settings/ewaybill-credentials',
    {
      schema: {
        ...base,
        summary: 'Forget my e-way bill portal API credentials',
        response: { 200: credentialsResponse, ...errors },
      },
    },
    async (req) => removeEwayBillCredentials(app.db, currentManufacturerId(req)),
  );
};

export default routes;
