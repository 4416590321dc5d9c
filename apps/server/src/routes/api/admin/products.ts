import { depsOf } from '../../../lib/deps.ts';
import {
  adminProductsQuery,
  errorBody,
  PRODUCT_TRANSITIONS,
  type ProductAction,
  reasonSchema,
  reasonText,
  adminProductListItem,
  adminProductDetail,
} from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getProduct, listProducts, moderateProduct, productCategories } from '../../../modules/admin/products.ts';
import { currentUser } from '../../../types.ts';
import { may } from './access.ts';
import { PRODUCT_ACTION_ROLES } from '@ub/shared';

const idParams = z.object({ id: z.uuid({ error: 'Product not found' }) });
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

const routes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    '/admin/products',
    {
      config: may('products'),
      schema: {
        tags: ['admin'],
        summary: 'Products of every seller: search name, manufacturer or category; category and status filters',
        security,
        querystring: adminProductsQuery,
        response: {
          200: z.object({
            products: z.array(adminProductListItem.extend({ image: z.string().nullable() })),
            total: z.number(),
            /** False when `total` is the planner's estimate (a search or category matching very many products). */
            exact: z.boolean(),
            page: z.number(),
            pageSize: z.number(),
          }),
          ...errors,
        },
      },
    },
    async (req) => listProducts(app.db, req.query),
  );

  app.get(
    '/admin/products/categories',
    {
      config: may('products'),
      schema: {
        tags: ['admin'],
        summary: 'The distinct categories products use',
        security,
        response: { 200: z.object({ categories: z.array(z.string()) }), ...errors },
      },
    },
    async () => ({ categories: await productCategories(app.db) }),
  );

  app.get(
    '/admin/products/:id',
    {
      config: may('products'),
      schema: {
        tags: ['admin'],
        summary: 'One product with its images',
        security,
        params: idParams,
        response: { 200: adminProductDetail, ...errors },
      },
    },
    async (req) => getProduct(app.db, req.params.id),
  );

  for (const action of Object.keys(PRODUCT_TRANSITIONS) as ProductAction[]) {
    const { needsReason } = PRODUCT_TRANSITIONS[action];
    app.post(
      `/admin/products/:id/${action}`,
      {
        config: may(PRODUCT_ACTION_ROLES),
        schema: {
          tags: ['admin'],
          summary: `${action === 'flag' ? 'Flag (request edit)' : action} a product${needsReason ? ' (reason required)' : ''}`,
          security,
          params: idParams,
          ...(needsReason ? { body: reasonSchema } : {}),
          response: { 200: adminProductDetail, ...errors },
        },
      },
      async (req) => {
        const reason = needsReason ? reasonText(reasonSchema.parse(req.body)) : null;
        return moderateProduct(depsOf(app), currentUser(req).id, req.params.id, action, reason);
      },
    );
  }
};

export default routes;
