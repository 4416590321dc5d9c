import { contactMessageSchema, errorBody } from '@ub/shared';
import { msg, replyMessage } from '../../../lib/errors.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createContactMessage } from '../../../modules/contact/contact-messages.ts';
import { declareSellerAction } from '../../../plugins/seller-status.ts';

/** The Help page's "Contact Admin" form; works without a session, and links the message to a signed-in seller. */
const routes: FastifyPluginAsyncZod = async (app) => {
  declareSellerAction(app, 'support');
  app.post(
    '/contact/admin',
    {
      // Counted before validation, so malformed floods are limited too.
      onRequest: [app.limit('contact-ip', 5, 10), app.optionalAuth],
      schema: {
        tags: ['help'],
        summary: 'Send a message to the administrators',
        body: contactMessageSchema,
        response: {
          201: z.object({ message: z.string(), id: z.string() }),
          400: errorBody,
          429: errorBody,
        },
      },
    },
    async (req, reply) => {
      const userId = req.user?.role === 'seller' ? req.user.id : undefined;
      const id = await createContactMessage(app.db, { ...req.body, userId });
      req.log.info({ event: 'contact.received', contactMessageId: id, linked: Boolean(userId) }, 'contact message');
      return reply.status(201).send({ ...replyMessage(req, msg('help.form.sent')), id });
    },
  );
};

export default routes;
