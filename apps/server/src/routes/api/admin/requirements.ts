import {
  adminRequirementDetail,
  adminRequirementList,
  adminRequirementsQuery,
  errorBody,
  requirementAdminCloseSchema,
} from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../../lib/deps.ts';
import { sendPrivateFile } from '../../../lib/storage.ts';
import { adminAttachmentFile } from '../../../modules/requirements/attachments.ts';
import { closeAsSpam } from '../../../modules/requirements/commands.ts';
import { adminRequirement, listAdminRequirements } from '../../../modules/requirements/queries.ts';
import { currentUser } from '../../../types.ts';
import { may } from './access.ts';

const idParams = z.object({ id: z.uuid('Not a valid id.') });
const guarded = { 401: errorBody, 403: errorBody };

/** Requirement oversight: every buyer's requirements, their quotes and spam reports; remove one as spam. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/requirements',
    {
      config: may('requirements'),
      schema: {
        tags: ['admin'],
        summary: 'Requirements, newest first, searchable by number, title or buyer, optionally of one status',
        security: [{ bearerAuth: [] }],
        querystring: adminRequirementsQuery,
        response: { 200: adminRequirementList, 400: errorBody, ...guarded },
      },
    },
    async (req) => listAdminRequirements(app.db, req.query),
  );

  app.get(
    '/admin/requirements/:id',
    {
      config: may('requirements'),
      schema: {
        tags: ['admin'],
        summary: 'One requirement with its quotes and spam reports',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: adminRequirementDetail, 400: errorBody, 404: errorBody, ...guarded },
      },
    },
    async (req) => adminRequirement(app.db, req.params.id),
  );

  app.get(
    '/admin/requirements/:id/attachments/:attachmentId',
    {
      config: may('requirements'),
      schema: {
        tags: ['admin'],
        summary: "One of the buyer's attachments of a requirement",
        security: [{ bearerAuth: [] }],
        params: idParams.extend({ attachmentId: z.uuid('Not a valid id.') }),
      },
    },
    async (req, reply) => {
      const a = await adminAttachmentFile(app.db, req.params.id, req.params.attachmentId);
      return sendPrivateFile(reply, app.storage, a.storageKey, a.mime, a.originalName);
    },
  );

  app.post(
    '/admin/requirements/:id/close',
    {
      config: may('requirements'),
      schema: {
        tags: ['admin'],
        summary: 'Remove a requirement as spam (audited; the buyer is told why)',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: requirementAdminCloseSchema,
        response: { 200: adminRequirementDetail, 400: errorBody, 404: errorBody, 409: errorBody, ...guarded },
      },
    },
    async (req) => closeAsSpam(depsOf(app), currentUser(req).id, req.params.id, req.body.reason),
  );
};

export default routes;
