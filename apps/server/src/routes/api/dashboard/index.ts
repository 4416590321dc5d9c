import { dashboardOverview, errorBody } from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardOverview as loadOverview } from '../../../modules/trade/dashboard.ts';
import { guardFolder } from '../../../plugins/auth.ts';
import { currentManufacturerId } from '../../../types.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  guardFolder(app, 'seller');

  app.get(
    '/dashboard/overview',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          'Seller dashboard: orders, products, pending payments and alerts (open disputes + pending RFQs), each with a 30-day trend, and the 5 latest orders',
        security: [{ bearerAuth: [] }],
        response: { 200: dashboardOverview, 401: errorBody, 403: errorBody },
      },
    },
    async (req) => loadOverview(app.db, currentManufacturerId(req)),
  );
};

export default routes;
