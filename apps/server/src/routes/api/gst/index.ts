import { errorBody, gstr1Query } from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gstr1, gstr1Csv } from '../../../modules/tax-documents/gstr1.ts';
import { guardFolder } from '../../../plugins/auth.ts';
import { declareSellerAction } from '../../../plugins/seller-status.ts';
import { currentManufacturerId } from '../../../types.ts';

/** The seller's GST returns data. */
const routes: FastifyPluginAsyncZod = async (app) => {
  declareSellerAction(app, 'account');
  guardFolder(app, 'seller');

  app.get(
    '/gst/gstr1',
    {
      schema: {
        tags: ['gst'],
        summary:
          "GSTR-1 data of a month (IST) from my invoices, credit notes and debit notes: the offline tool's JSON, or its CSV sections",
        security: [{ bearerAuth: [] }],
        querystring: gstr1Query,
        response: { 200: z.any(), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (req, reply) => {
      const data = await gstr1(app.db, currentManufacturerId(req), req.query.month, app.config.platformGstin);
      const name = `GSTR1_${data.gstin}_${data.fp}`;
      reply.header('cache-control', 'private, no-store');
      if (req.query.format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(gstr1Csv(data));
      }
      return reply
        .type('application/json')
        .header('content-disposition', `attachment; filename="${name}.json"`)
        .send(JSON.stringify(data));
    },
  );
};

export default routes;
