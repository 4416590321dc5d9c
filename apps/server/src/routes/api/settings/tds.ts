import { errorBody, tdsDeclarationSchema, tdsDeclarationView } from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setTdsDeclaration, tdsDeclarationOf } from '../../../modules/money/tds-exemption.ts';
import { depsOf } from '../../../lib/deps.ts';
import { declareSellerAction } from '../../../plugins/seller-status.ts';
import { currentManufacturerId, currentUser } from '../../../types.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** The seller's s.194-O(2) declaration: no TDS while an individual or HUF seller stays within the year's limit. */
const routes: FastifyPluginAsyncZod = async (app) => {
  declareSellerAction(app, 'account');
  const base = { tags: ['settings'], security: [{ bearerAuth: [] }] };
  app.get(
    '/settings/tds-declaration',
    {
      schema: {
        ...base,
        summary: 'Whether TDS under s.194-O is deducted from my releases, and my s.194-O(2) declaration',
        response: { 200: tdsDeclarationView, ...errors },
      },
    },
    async (req) => tdsDeclarationOf(app.db, currentManufacturerId(req), depsOf(app).clock()),
  );
  app.put(
    '/settings/tds-declaration',
    {
      schema: {
        ...base,
        summary: 'Make or withdraw my s.194-O(2) declaration (individual or HUF only)',
        body: tdsDeclarationSchema,
        response: { 200: tdsDeclarationView, ...errors },
      },
    },
    async (req) =>
      setTdsDeclaration(app.db, currentUser(req).id, currentManufacturerId(req), req.body.declare, depsOf(app).clock()),
  );
};

export default routes;
