import {
  adminBuyerDetail,
  adminBuyerList,
  adminBuyerListItem,
  adminBuyersQuery,
  BUYER_MESSAGES,
  buyerReasonSchema,
  errorBody,
  reasonText,
} from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../../lib/deps.ts';
import { endLiveStreams } from '../../../lib/streams.ts';
import { accountOf } from '../../../modules/auth/accounts.ts';
import { blockBuyer, unblockBuyer } from '../../../modules/buyers/commands.ts';
import { buyerRecord, listBuyers } from '../../../modules/buyers/queries.ts';
import { currentUser } from '../../../types.ts';
import { may } from './access.ts';

const buyerParams = z.object({ id: z.uuid({ error: BUYER_MESSAGES.notFound }) });
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** The Buyers area of the admin console: list, record, block and unblock. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    '/admin/buyers',
    {
      config: may('buyers'),
      schema: {
        tags: ['admin'],
        summary: 'Buyers: search by company, contact, e-mail, phone or GSTIN; active or blocked',
        security,
        querystring: adminBuyersQuery,
        response: { 200: adminBuyerList, ...errors },
      },
    },
    async (req) => listBuyers(app.db, req.query),
  );

  app.get(
    '/admin/buyers/:id',
    {
      config: may('buyers'),
      schema: {
        tags: ['admin'],
        summary: 'One buyer with counts and the newest of their orders, RFQs and disputes',
        security,
        params: buyerParams,
        response: { 200: adminBuyerDetail, ...errors },
      },
    },
    async (req) => buyerRecord(app.db, req.params.id),
  );

  app.post(
    '/admin/buyers/:id/block',
    {
      config: may('buyers'),
      schema: {
        tags: ['admin'],
        summary: 'Block a buyer (reason required): no sign-in, orders, RFQs or requirements; sessions end at once',
        security,
        params: buyerParams,
        body: buyerReasonSchema,
        response: { 200: adminBuyerListItem, ...errors },
      },
    },
    async (req) => {
      const item = await blockBuyer(depsOf(app), currentUser(req).id, req.params.id, reasonText(req.body));
      // Its sessions ended with the block; its open notification streams end now too, in every process.
      const userId = await accountOf(app.db, { buyerId: req.params.id });
      if (userId) await endLiveStreams(app.events, { userId });
      return item;
    },
  );

  app.post(
    '/admin/buyers/:id/unblock',
    {
      config: may('buyers'),
      schema: {
        tags: ['admin'],
        summary: 'Unblock a buyer: the account is active again',
        security,
        params: buyerParams,
        response: { 200: adminBuyerListItem, ...errors },
      },
    },
    async (req) => unblockBuyer(depsOf(app), currentUser(req).id, req.params.id),
  );
};

export default routes;
