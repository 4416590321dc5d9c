import {
  boardRequirement,
  errorBody,
  myRequirementQuote,
  requirementBoardList,
  requirementBoardQuery,
  requirementQuoteSchema,
  requirementReportSchema,
} from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../../lib/deps.ts';
import { sendPrivateFile } from '../../../lib/storage.ts';
import { sellerAttachmentFile } from '../../../modules/requirements/attachments.ts';
import { putQuote, reportRequirement } from '../../../modules/requirements/commands.ts';
import { boardRequirement as loadBoardRequirement, listBoard } from '../../../modules/requirements/queries.ts';
import { guardFolder } from '../../../plugins/auth.ts';
import { declareSellerAction } from '../../../plugins/seller-status.ts';
import { currentManufacturerId, currentUser } from '../../../types.ts';

const idParams = z.object({ id: z.uuid('Not a valid id.') });
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** The requirements board: buyers' open requirements, seen and quoted by verified sellers of the category. */
const routes: FastifyPluginAsyncZod = async (app) => {
  declareSellerAction(app, 'trade');
  guardFolder(app, 'seller');

  app.get(
    '/requirements',
    {
      schema: {
        tags: ['requirements'],
        summary: "Open requirements in the seller's categories, newest first (verified sellers only)",
        security: [{ bearerAuth: [] }],
        querystring: requirementBoardQuery,
        response: { 200: requirementBoardList, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (req) => listBoard(app.db, currentManufacturerId(req), depsOf(app).clock(), req.query),
  );

  app.get(
    '/requirements/:id',
    {
      schema: {
        tags: ['requirements'],
        summary: 'One requirement on the board, with my quote',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: boardRequirement, ...errors },
      },
    },
    async (req) => loadBoardRequirement(app.db, currentManufacturerId(req), req.params.id, depsOf(app).clock()),
  );

  app.get(
    '/requirements/:id/attachments/:attachmentId',
    {
      schema: {
        tags: ['requirements'],
        summary: "One of the buyer's attachments of a requirement on my board (or one I quoted on)",
        security: [{ bearerAuth: [] }],
        params: idParams.extend({ attachmentId: z.uuid('Not a valid id.') }),
      },
    },
    async (req, reply) => {
      const a = await sellerAttachmentFile(
        app.db,
        currentManufacturerId(req),
        req.params.id,
        req.params.attachmentId,
        depsOf(app).clock(),
      );
      return sendPrivateFile(reply, app.storage, a.storageKey, a.mime, a.originalName);
    },
  );

  app.put(
    '/requirements/:id/quote',
    {
      preHandler: app.limit('requirement-quote', 120, 60),
      schema: {
        tags: ['requirements'],
        summary: 'Quote on a requirement, or revise my quote while it is open',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: requirementQuoteSchema,
        response: { 200: myRequirementQuote, 201: myRequirementQuote, 429: errorBody, ...errors },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const r = await putQuote(
        depsOf(app),
        { manufacturerId: currentManufacturerId(req), userId: user.id },
        req.params.id,
        req.body,
      );
      return reply.status(r.created ? 201 : 200).send(r.quote);
    },
  );

  app.post(
    '/requirements/:id/report',
    {
      preHandler: app.limit('requirement-report', 30, 60),
      schema: {
        tags: ['requirements'],
        summary: 'Report a requirement as spam to the platform',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: requirementReportSchema,
        response: { 201: z.object({ reported: z.literal(true) }), 429: errorBody, ...errors },
      },
    },
    async (req, reply) => {
      await reportRequirement(
        depsOf(app),
        { manufacturerId: currentManufacturerId(req) },
        req.params.id,
        req.body.reason,
      );
      return reply.status(201).send({ reported: true as const });
    },
  );
};

export default routes;
