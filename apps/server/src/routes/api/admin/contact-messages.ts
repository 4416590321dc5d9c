import { depsOf } from '../../../lib/deps.ts';
import {
  contactListQuery,
  contactListResponse,
  contactMessageItem,
  contactReplySchema,
  contactStatusSchema,
  errorBody,
} from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  closeContactMessage,
  listContactMessages,
  replyToContactMessage,
} from '../../../modules/contact/contact-messages.ts';
import { currentUser } from '../../../types.ts';
import { may } from './access.ts';

const secured = { security: [{ bearerAuth: [] }], tags: ['admin'] };
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: z.uuid({ error: 'Message not found' }) });

/** The Content & Communication inbox: messages sent from the Help page, and the admins' replies. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/contact-messages',
    {
      config: may('contact'),
      schema: {
        ...secured,
        summary: 'Contact messages, newest first, optionally by status',
        querystring: contactListQuery,
        response: { 200: contactListResponse, ...errors },
      },
    },
    async (req) => listContactMessages(app.db, req.query),
  );

  app.post(
    '/admin/contact-messages/:id/reply',
    {
      config: may('contact'),
      schema: {
        ...secured,
        summary: 'Reply to a contact message (e-mailed to the sender, notified to a linked seller)',
        params: idParams,
        body: contactReplySchema,
        response: { 200: contactMessageItem, ...errors },
      },
    },
    async (req) => replyToContactMessage(depsOf(app), currentUser(req).id, req.params.id, req.body.reply),
  );

  app.patch(
    '/admin/contact-messages/:id',
    {
      config: may('contact'),
      schema: {
        ...secured,
        summary: 'Close a contact message',
        params: idParams,
        body: contactStatusSchema,
        response: { 200: contactMessageItem, ...errors },
      },
    },
    async (req) => closeContactMessage(app.db, currentUser(req).id, req.params.id),
  );
};

export default routes;
