import {
  adminLoginSchema,
  errorBody,
  forgotPasswordSchema,
  loginResponse,
  loginSchema,
  messageResponse,
  registerResponse,
  registerSchema,
  resetPasswordSchema,
  sessionUser,
  verifyResetCodeSchema,
} from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerSeller, resetLoginLimits, signIn } from '../../../modules/auth/accounts.ts';
import { requestResetCode, resetPassword, verifyResetCode } from '../../../modules/auth/password-reset.ts';
import { createSession, findSessionUser, revokeSession, toSessionUser } from '../../../modules/auth/sessions.ts';
import { bodyField } from '../../../plugins/rate-limit.ts';
import { requestLanguage } from '../../../lib/i18n.ts';
import { endLiveStreams } from '../../../lib/streams.ts';
import { msg, replyMessage } from '../../../lib/errors.ts';
import { currentUser } from '../../../types.ts';
import { declareSellerAction } from '../../../plugins/seller-status.ts';

const authErrors = { 400: errorBody, 401: errorBody, 409: errorBody, 429: errorBody };
const resetError = errorBody.extend({ message: z.string() });
const resetErrors = { 400: resetError, 429: resetError, 503: resetError };

const routes: FastifyPluginAsyncZod = async (app) => {
  declareSellerAction(app, 'account');
  // Reset codes are limited per IP and per phone number, on top of the per-code try limit.
  const otpLimits = (name: string) => [
    app.limit(`${name}-ip`, 20, 15),
    app.limit(`${name}-phone`, 10, 15, bodyField('phoneNumber')),
  ];
  // One set of counters for both endpoints that check a code: each limiter keeps its own counts in memory, so
  // separate instances would give a guesser a fresh allowance on the second endpoint.
  const otpCheckLimits = otpLimits('otp-check');

  async function openSession(userId: string, remember: boolean, ip: string, userAgent?: string) {
    const { token, expiresAt } = await createSession(app.db, userId, { remember, ip, userAgent });
    const user = await findSessionUser(app.db, token);
    if (!user) throw new Error('session vanished');
    return { token, expiresAt: expiresAt.toISOString(), user: toSessionUser(user) };
  }

  app.post(
    '/register',
    {
      preHandler: app.limit('register', 10, 1),
      schema: {
        tags: ['accounts'],
        summary: 'Register a seller (manufacturer) account',
        body: registerSchema,
        response: { 201: registerResponse, ...authErrors },
      },
    },
    async (req, reply) => {
      const created = await registerSeller(app.db, req.body, requestLanguage(req));
      req.log.info({ event: 'seller.registered', userId: created.userId }, 'seller registered');
      return reply.status(201).send({
        ...replyMessage(req, msg('replies.registered')),
        user: { id: created.userId, status: created.status },
      });
    },
  );

  app.post(
    '/login',
    {
      // Per IP here; per account in signIn, which first finds the account the username names.
      preHandler: app.limit('login-ip', 20, 1),
      schema: {
        tags: ['accounts'],
        summary: 'Sign-in of a seller or a buyer with email or phone (the answer names the role)',
        body: loginSchema,
        response: { 200: loginResponse, ...authErrors },
      },
    },
    async (req) => {
      const { username, password } = req.body;
      const { id } = await signIn(
        { db: app.db, limits: app.limits },
        { username, password, role: ['seller', 'buyer'], ip: req.ip },
      );
      return openSession(id, req.body.remember, req.ip, req.headers['user-agent']);
    },
  );

  app.post(
    '/admin/login',
    {
      preHandler: app.limit('admin-login-ip', 20, 1),
      schema: {
        tags: ['admin'],
        summary: 'Administrator sign-in',
        body: adminLoginSchema,
        response: { 200: loginResponse, ...authErrors },
      },
    },
    async (req) => {
      // The schema refuses a body with neither.
      const email = req.body.email || req.body.username || '';
      const { id } = await signIn(
        { db: app.db, limits: app.limits },
        { username: email, password: req.body.password, role: 'admin', ip: req.ip },
      );
      return openSession(id, true, req.ip, req.headers['user-agent']);
    },
  );

  app.post(
    '/logout',
    {
      onRequest: app.requireRole('seller', 'admin', 'buyer'),
      schema: {
        tags: ['accounts'],
        summary: 'Revoke the current session',
        security: [{ bearerAuth: [] }],
        response: { 200: messageResponse, 401: errorBody },
      },
    },
    async (req) => {
      // Said before the session goes, in the account's language.
      const answer = replyMessage(req, msg('replies.loggedOut'));
      const { sessionId } = currentUser(req);
      await revokeSession(app.db, sessionId);
      // The streams opened with this session end too, in every process; the account's other sessions keep theirs.
      await endLiveStreams(app.events, { sessionId });
      return answer;
    },
  );

  app.get(
    '/me',
    {
      onRequest: app.requireRole('seller', 'admin', 'buyer'),
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user (used by the route guards)',
        security: [{ bearerAuth: [] }],
        response: { 200: z.object({ user: sessionUser }), 401: errorBody },
      },
    },
    async (req) => ({ user: toSessionUser(currentUser(req)) }),
  );

  app.post(
    '/forgot-password-sms',
    {
      config: { errorAsMessage: true },
      preHandler: otpLimits('otp-send'),
      schema: {
        tags: ['accounts'],
        summary: 'Send a 6-digit reset code by SMS',
        body: forgotPasswordSchema,
        response: { 200: messageResponse, ...resetErrors },
      },
    },
    async (req) => {
      await requestResetCode(app.db, app.sms, req.body.phoneNumber);
      return replyMessage(req, msg('errors.auth.resetSent'));
    },
  );

  app.post(
    '/verify-reset-code',
    {
      config: { errorAsMessage: true },
      preHandler: otpCheckLimits,
      schema: {
        tags: ['accounts'],
        summary: 'Check a reset code',
        body: verifyResetCodeSchema,
        response: { 200: messageResponse, ...resetErrors },
      },
    },
    async (req) => {
      await verifyResetCode(app.db, req.body.phoneNumber, req.body.code);
      return replyMessage(req, msg('errors.auth.codeVerified'));
    },
  );

  app.post(
    '/reset-password',
    {
      config: { errorAsMessage: true },
      preHandler: otpCheckLimits,
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with a verified code; signs out every session',
        body: resetPasswordSchema,
        response: { 200: messageResponse, ...resetErrors },
      },
    },
    async (req) => {
      const { userId } = await resetPassword(app.db, req.body.phoneNumber, req.body.code, req.body.newPassword);
      // Every session was signed out: so are the streams they opened.
      await endLiveStreams(app.events, { userId });
      // The code proved who this is: failed sign-ins, a stranger's included, must not keep them out now.
      await resetLoginLimits(app.limits, userId, req.ip);
      return replyMessage(req, msg('errors.auth.resetDone'));
    },
  );
};

export default routes;
