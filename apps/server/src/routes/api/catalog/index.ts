import {
  catalogList,
  catalogProductDetail,
  catalogQuery,
  catalogSellerProfile,
  catalogSellerQuery,
  errorBody,
} from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../../lib/deps.ts';
import { catalogProduct, catalogSeller } from '../../../modules/catalog/queries.ts';

/** Lists and product pages are large JSON: compressed over 1 KB. */
const compress = { threshold: 1024 };
const idParams = z.object({ id: z.uuid('Not a valid id.') });

/** The public catalogue: anyone may browse approved products of approved sellers, signed in or not. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/catalog/products',
    {
      compress,
      schema: {
        tags: ['catalog'],
        summary: 'Search the listed products with filters, sort, facet counts and pages',
        querystring: catalogQuery,
        response: { 200: catalogList, 400: errorBody },
      },
    },
    async (req) => app.readLagging(req, (database, wrote) => app.catalogSearch(database, req.query, wrote)),
  );

  app.get(
    '/catalog/products/:id',
    {
      compress,
      schema: {
        tags: ['catalog'],
        summary: 'One listed product with its images and seller card',
        params: idParams,
        response: { 200: catalogProductDetail, 400: errorBody, 404: errorBody },
      },
    },
    async (req) => app.readLagging(req, (database) => catalogProduct(database, req.params.id)),
  );

  app.get(
    '/catalog/sellers/:id',
    {
      compress,
      schema: {
        tags: ['catalog'],
        summary: "An approved seller's profile, RFQ responsiveness and listed products",
        params: idParams,
        querystring: catalogSellerQuery,
        response: { 200: catalogSellerProfile, 400: errorBody, 404: errorBody },
      },
    },
    async (req) =>
      app.readLagging(req, (database) => catalogSeller(database, req.params.id, req.query.page, depsOf(app).clock())),
  );
};

export default routes;
