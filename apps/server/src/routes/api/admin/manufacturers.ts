import {
  adminManufacturersQuery,
  errorBody,
  MANUFACTURER_TRANSITIONS,
  type ManufacturerAction,
  manufacturerReasonSchema,
  reasonText,
  adminManufacturerListItem,
  adminManufacturerDetail,
} from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../../lib/deps.ts';
import { endLiveStreams } from '../../../lib/streams.ts';
import { accountOf } from '../../../modules/auth/accounts.ts';
import { sendPrivateFile } from '../../../lib/storage.ts';
import {
  listManufacturers,
  openManufacturer,
  transitionManufacturer,
} from '../../../modules/manufacturers/commands.ts';
import { manufacturerDocument } from '../../../modules/manufacturers/queries.ts';
import { currentUser } from '../../../types.ts';
import { may } from './access.ts';
import { MANUFACTURER_ACTION_ROLES } from '@ub/shared';

const idParams = z.object({ id: z.uuid({ error: 'Manufacturer not found' }) });
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

const routes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    '/admin/manufacturers',
    {
      config: may('manufacturers'),
      schema: {
        tags: ['admin'],
        summary: 'Manufacturers: search by name, email or phone; status filter (rejected only when asked)',
        security,
        querystring: adminManufacturersQuery,
        response: {
          200: z.object({
            manufacturers: z.array(adminManufacturerListItem),
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
          }),
          ...errors,
        },
      },
    },
    async (req) => listManufacturers(app.db, req.query),
  );

  app.get(
    '/admin/manufacturers/:id',
    {
      config: may('manufacturers'),
      schema: {
        tags: ['admin'],
        summary: 'One manufacturer with its documents; opening a Received request marks it Under review',
        security,
        params: idParams,
        response: { 200: adminManufacturerDetail, ...errors },
      },
    },
    async (req) => openManufacturer(depsOf(app), currentUser(req).id, req.params.id),
  );

  app.get(
    '/admin/manufacturers/:id/documents/:docId',
    {
      config: may(['owner', 'support', 'moderator']),
      schema: {
        tags: ['admin'],
        summary: 'The file of one verification document (admins only; never public)',
        security,
        params: idParams.extend({ docId: z.uuid({ error: 'Document not found' }) }),
      },
    },
    async (req, reply) => {
      const doc = await manufacturerDocument(app.db, req.params.id, req.params.docId);
      return sendPrivateFile(reply, app.storage, doc.storageKey, doc.mime, doc.originalName);
    },
  );

  const actions = Object.keys(MANUFACTURER_TRANSITIONS) as ManufacturerAction[];
  for (const action of actions) {
    const { needsReason } = MANUFACTURER_TRANSITIONS[action];
    app.post(
      `/admin/manufacturers/:id/${action}`,
      {
        config: may(MANUFACTURER_ACTION_ROLES[action]),
        schema: {
          tags: ['admin'],
          summary: `${action[0]?.toUpperCase()}${action.slice(1)} a manufacturer${needsReason ? ' (reason required)' : ''}`,
          security,
          params: idParams,
          ...(needsReason ? { body: manufacturerReasonSchema } : {}),
          response: { 200: adminManufacturerListItem, ...errors },
        },
      },
      async (req) => {
        const reason = needsReason ? reasonText(manufacturerReasonSchema.parse(req.body)) : null;
        const item = await transitionManufacturer(depsOf(app), currentUser(req).id, req.params.id, action, reason);
        if (action === 'suspend') {
          // The seller's open notification streams end at once, in every process; the app reconnects and reads the
          // account as it is now (a suspended seller still manages notifications).
          const userId = await accountOf(app.db, { manufacturerId: req.params.id });
          if (userId) await endLiveStreams(app.events, { userId });
        }
        return item;
      },
    );
  }
};

export default routes;
