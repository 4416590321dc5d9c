import { dashboardOverview, errorBody } from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardOverview as loadOverview } from '../../../modules/trade/dashboard.ts';
import { currentManufacturerId } from '../../../types.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/overview',
    {
      onRequest: app.requireRole('seller'),
      schema: {
        tags: ['dashboard'],
        summary:
          'Seller dashboard: orders, products, pending payments and alerts (open disputes + pending RFQs), each with a 30-day trend, and the 5 latest orders',
        security: [{ bearerAuth: [] }],
        response: { 200: dashboardOverview, 401: errorBody, 403: errorBody },
      },
    },
    async (req) => loadOverview(app, currentManufacturerId(req)),
  );
};

export default routes;
