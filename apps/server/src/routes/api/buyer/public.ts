import { buyerRegisterSchema, errorBody, loginResponse, loginSchema } from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signIn } from '../../../modules/auth/accounts.ts';
import { createSession, findSessionUser, toSessionUser } from '../../../modules/auth/sessions.ts';
import { registerBuyer } from '../../../modules/buyers/commands.ts';

/** The buyer routes open to anyone: registration and sign-in. The rest of the folder is buyer-only (index.ts). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/buyer/register',
    {
      preHandler: app.limit('buyer-register', 10, 1),
      schema: {
        tags: ['buyer'],
        summary: 'Register a buyer account',
        body: buyerRegisterSchema,
        response: {
          201: z.object({ id: z.string(), buyerId: z.string() }),
          400: errorBody,
          409: errorBody,
          429: errorBody,
        },
      },
    },
    async (req, reply) => {
      const r = await registerBuyer(app.db, req.body);
      req.log.info({ event: 'buyer.registered', userId: r.userId }, 'buyer registered');
      return reply.status(201).send({ id: r.userId, buyerId: r.buyerId });
    },
  );

  app.post(
    '/buyer/login',
    {
      preHandler: app.limit('buyer-login-ip', 20, 1),
      schema: {
        tags: ['buyer'],
        summary: 'Buyer sign-in with email or phone',
        body: loginSchema,
        response: { 200: loginResponse, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (req) => {
      const { username, password } = req.body;
      const { id } = await signIn(
        { db: app.db, limits: app.limits },
        { username, password, role: 'buyer', ip: req.ip },
      );
      const { token, expiresAt } = await createSession(app.db, id, {
        remember: req.body.remember,
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      const user = await findSessionUser(app.db, token);
      if (!user) throw new Error('session vanished');
      return { token, expiresAt: expiresAt.toISOString(), user: toSessionUser(user) };
    },
  );
};

export default routes;
