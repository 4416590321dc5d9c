import {
  errorBody,
  messageResponse,
  notificationListQuery,
  notificationListResponse,
  notificationPreferencesResponse,
  notificationPreferencesSchema,
  streamTicketResponse,
} from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg, notFound, replyMessage } from '../../../lib/errors.ts';
import { requestLanguage } from '../../../lib/i18n.ts';
import { preferencesOf, saveEmailTypes } from '../../../modules/notifications/preferences.ts';
import {
  clearNotifications,
  deleteNotification,
  listNotifications,
  markAllRead,
  markRead,
} from '../../../modules/notifications/repository.ts';
import { issueStreamTicket } from '../../../modules/notifications/stream-ticket.ts';
import { currentUser } from '../../../types.ts';
import { streamRoute } from './stream.ts';
import { declareSellerAction } from '../../../plugins/seller-status.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParams = z.object({ id: z.string().max(64) });
const secured = { security: [{ bearerAuth: [] }], tags: ['notifications'] };
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** The caller's own notifications; another user's notification id answers 404 like a missing one. */
const routes: FastifyPluginAsyncZod = async (app) => {
  declareSellerAction(app, 'notifications');
  const anyUser = app.requireRole('seller', 'admin', 'buyer');
  const ownId = (id: string) => {
    if (!UUID.test(id)) throw notFound('Notification not found');
    return id;
  };

  app.get(
    '/notifications',
    {
      onRequest: anyUser,
      schema: {
        ...secured,
        summary: 'Notifications, newest first, with the unread count',
        querystring: notificationListQuery,
        response: { 200: notificationListResponse, ...errors },
      },
    },
    async (req) => listNotifications(app.db, currentUser(req).id, req.query, requestLanguage(req)),
  );

  app.patch(
    '/notifications/read-all',
    {
      onRequest: anyUser,
      schema: { ...secured, summary: 'Mark every notification read', response: { 200: messageResponse, ...errors } },
    },
    async (req) => {
      const n = await markAllRead(app.db, currentUser(req).id);
      return replyMessage(req, msg('replies.notificationsRead', { count: n }));
    },
  );

  app.patch(
    '/notifications/:id/read',
    {
      onRequest: anyUser,
      schema: {
        ...secured,
        summary: 'Mark one notification read',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (req) => {
      if (!(await markRead(app.db, currentUser(req).id, ownId(req.params.id)))) {
        throw notFound('Notification not found');
      }
      return replyMessage(req, msg('replies.notificationRead'));
    },
  );

  app.delete(
    '/notifications/:id',
    {
      onRequest: anyUser,
      schema: {
        ...secured,
        summary: 'Delete one notification',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (req) => {
      if (!(await deleteNotification(app.db, currentUser(req).id, ownId(req.params.id)))) {
        throw notFound('Notification not found');
      }
      return replyMessage(req, msg('replies.notificationDeleted'));
    },
  );

  app.delete(
    '/notifications',
    {
      onRequest: anyUser,
      schema: {
        ...secured,
        summary: 'Delete all notifications (Clear All)',
        response: { 200: messageResponse, ...errors },
      },
    },
    async (req) => {
      const n = await clearNotifications(app.db, currentUser(req).id);
      return replyMessage(req, msg('replies.notificationsDeleted', { count: n }));
    },
  );

  app.get(
    '/notifications/preferences',
    {
      onRequest: anyUser,
      schema: {
        ...secured,
        summary: "Which kinds of notification also go by e-mail, and the kinds the user's role receives",
        response: { 200: notificationPreferencesResponse, ...errors },
      },
    },
    async (req) => preferencesOf(app.db, currentUser(req).id, currentUser(req).role),
  );

  app.put(
    '/notifications/preferences',
    {
      onRequest: anyUser,
      schema: {
        ...secured,
        summary: 'Choose which kinds of notification also go by e-mail',
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesResponse, ...errors },
      },
    },
    async (req) => {
      const { id, role } = currentUser(req);
      await saveEmailTypes(app.db, id, req.body.email, role);
      return preferencesOf(app.db, id, role);
    },
  );

  app.post(
    '/notifications/stream-ticket',
    {
      onRequest: anyUser,
      // A client reconnects with a new ticket each time, backing off to 15 s; this only stops a flood of rows.
      preHandler: app.limit('stream-ticket', 30, 1, (req) => currentUser(req).id),
      schema: {
        ...secured,
        summary: 'A single-use ticket, valid for 60 seconds, to open the live stream (EventSource cannot send headers)',
        response: { 200: streamTicketResponse, ...errors },
      },
    },
    async (req) => {
      const { ticket, expiresAt } = await issueStreamTicket(app.db, currentUser(req).sessionId);
      return { ticket, expiresAt: expiresAt.toISOString() };
    },
  );

  await app.register(streamRoute);
};

export default routes;
