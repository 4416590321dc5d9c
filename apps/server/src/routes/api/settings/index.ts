import { errorBody, settingsResponse } from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sellerSettings } from '../../../modules/manufacturers/queries.ts';
import { guardFolder } from '../../../plugins/auth.ts';
import { currentUser } from '../../../types.ts';
import documents from './documents.ts';
import tax from './tax.ts';
import tds from './tds.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  guardFolder(app, 'seller');

  app.get(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        summary: "The seller's profile and bank details (read-only online)",
        security: [{ bearerAuth: [] }],
        response: { 200: settingsResponse, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (req) => sellerSettings(app.db, currentUser(req).id),
  );

  await app.register(documents);
  await app.register(tax);
  await app.register(tds);
};

export default routes;
