import { adminRfqItem, adminRfqList, adminRfqsQuery, errorBody } from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRfqById, listAdminRfqs } from '../../../modules/rfqs/queries.ts';
import { may } from './access.ts';

const rfqParams = z.object({ id: z.uuid({ error: 'RFQ not found' }) });
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** RFQ oversight: every buyer's and seller's RFQs, read through the RFQ read model's admin scope. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    '/admin/rfqs',
    {
      config: may('rfqs'),
      schema: {
        tags: ['admin'],
        summary: 'RFQs of every buyer and seller: search by number, buyer, seller or product; status filter',
        security,
        querystring: adminRfqsQuery,
        response: { 200: adminRfqList, ...errors },
      },
    },
    async (req) => listAdminRfqs(app.db, req.query),
  );

  app.get(
    '/admin/rfqs/:id',
    {
      config: may('rfqs'),
      schema: {
        tags: ['admin'],
        summary: 'One RFQ with its full offer history',
        security,
        params: rfqParams,
        response: { 200: adminRfqItem, ...errors },
      },
    },
    async (req) => adminRfqById(app.db, req.params.id),
  );
};

export default routes;
