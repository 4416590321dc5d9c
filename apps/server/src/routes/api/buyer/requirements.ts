import {
  acceptRequirementQuoteResponse,
  buyerRequirementDetail,
  buyerRequirementList,
  buyerRequirementsQuery,
  errorBody,
  REQUIREMENT_ATTACHMENT_LIMITS,
  REQUIREMENT_ATTACHMENT_MESSAGES,
  requirementAttachmentItem,
  requirementCloseSchema,
  requirementCreateSchema,
} from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../../lib/deps.ts';
import { sendPrivateFile } from '../../../lib/storage.ts';
import { readFilesField } from '../../../lib/uploads.ts';
import { addRequirementAttachments, buyerAttachmentFile } from '../../../modules/requirements/attachments.ts';
import { buyerOfUser } from '../../../modules/buyers/commands.ts';
import { acceptQuote, closeByBuyer, createRequirement } from '../../../modules/requirements/commands.ts';
import { buyerRequirement, listBuyerRequirements } from '../../../modules/requirements/queries.ts';
import { currentUser } from '../../../types.ts';

const guarded = { 401: errorBody, 403: errorBody };
const idParams = z.object({ id: z.uuid('Not a valid id.') });

/** The buyer's requirements on the board (registered inside the buyer folder, behind its guard). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const buyerOf = async (req: Parameters<typeof currentUser>[0]) => buyerOfUser(app.db, currentUser(req).id);

  app.post(
    '/buyer/requirements',
    {
      preHandler: app.limit('buyer-requirement', 60, 60),
      schema: {
        tags: ['buyer'],
        summary: 'Post a requirement to the verified sellers of its category',
        security: [{ bearerAuth: [] }],
        body: requirementCreateSchema,
        response: {
          201: z.object({ id: z.string(), number: z.string() }),
          400: errorBody,
          409: errorBody,
          429: errorBody,
          ...guarded,
        },
      },
    },
    async (req, reply) => {
      const r = await createRequirement(depsOf(app), await buyerOf(req), req.body);
      return reply.status(201).send({ id: r.id, number: r.number });
    },
  );

  app.get(
    '/buyer/requirements',
    {
      schema: {
        tags: ['buyer'],
        summary: "The buyer's requirements, newest first, optionally of one status, with their quote counts",
        security: [{ bearerAuth: [] }],
        querystring: buyerRequirementsQuery,
        response: { 200: buyerRequirementList, 400: errorBody, ...guarded },
      },
    },
    async (req) => listBuyerRequirements(app.db, (await buyerOf(req)).id, req.query),
  );

  app.get(
    '/buyer/requirements/:id',
    {
      schema: {
        tags: ['buyer'],
        summary: 'One requirement of the buyer with every quote side by side',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: buyerRequirementDetail, 400: errorBody, 404: errorBody, ...guarded },
      },
    },
    async (req) => buyerRequirement(app.db, (await buyerOf(req)).id, req.params.id),
  );

  app.post(
    '/buyer/requirements/:id/quotes/:quoteId/accept',
    {
      schema: {
        tags: ['buyer'],
        summary: 'Accept a quote: it becomes an accepted RFQ with that seller, and the other quotes close',
        security: [{ bearerAuth: [] }],
        params: idParams.extend({ quoteId: z.uuid('Not a valid id.') }),
        response: { 200: acceptRequirementQuoteResponse, 400: errorBody, 404: errorBody, 409: errorBody, ...guarded },
      },
    },
    async (req) => acceptQuote(depsOf(app), await buyerOf(req), currentUser(req).id, req.params.id, req.params.quoteId),
  );

  app.post(
    '/buyer/requirements/:id/close',
    {
      schema: {
        tags: ['buyer'],
        summary: 'Close an open requirement without accepting a quote',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: requirementCloseSchema,
        response: { 200: buyerRequirementDetail, 400: errorBody, 404: errorBody, 409: errorBody, ...guarded },
      },
    },
    async (req) => closeByBuyer(depsOf(app), await buyerOf(req), req.params.id, req.body.reason),
  );

  app.post(
    '/buyer/requirements/:id/attachments',
    {
      preHandler: app.limit('requirement-attachments', 30, 10),
      schema: {
        tags: ['buyer'],
        summary: `Attach photos, PDFs or drawings to an open requirement (multipart, repeated field "files"; ${REQUIREMENT_ATTACHMENT_LIMITS.files} files of 5 MB at most)`,
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        params: idParams,
        response: {
          201: z.object({ attachments: z.array(requirementAttachmentItem) }),
          400: errorBody,
          404: errorBody,
          409: errorBody,
          413: errorBody,
          429: errorBody,
          ...guarded,
        },
      },
    },
    async (req, reply) => {
      const buyer = await buyerOf(req);
      const files = await readFilesField(req, REQUIREMENT_ATTACHMENT_MESSAGES.missing);
      const attachments = await addRequirementAttachments(
        { ...depsOf(app), storage: app.storage },
        buyer.id,
        req.params.id,
        files,
      );
      return reply.status(201).send({ attachments });
    },
  );

  app.get(
    '/buyer/requirements/:id/attachments/:attachmentId',
    {
      schema: {
        tags: ['buyer'],
        summary: 'One attachment of one of my requirements',
        security: [{ bearerAuth: [] }],
        params: idParams.extend({ attachmentId: z.uuid('Not a valid id.') }),
      },
    },
    async (req, reply) => {
      const a = await buyerAttachmentFile(app.db, (await buyerOf(req)).id, req.params.id, req.params.attachmentId);
      return sendPrivateFile(reply, app.storage, a.storageKey, a.mime, a.originalName);
    },
  );
};

export default routes;
