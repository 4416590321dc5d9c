import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@ub/shared';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { findSessionUser } from '../modules/auth/sessions.ts';

function bearer(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', undefined);

    app.decorate('requireRole', (...roles: Role[]) => async (req: FastifyRequest) => {
      const token = bearer(req);
      if (!token) throw unauthorized();
      const user = await findSessionUser(app.db, token);
      if (!user) throw unauthorized('Your session has expired. Please sign in again.');
      // Known before the role check, so even a refusal is said in the account's language.
      req.user = user;
      if (!roles.includes(user.role)) {
        req.user = undefined;
        (req as { refusedLanguage?: string }).refusedLanguage = user.language;
        throw forbidden('You do not have access to this resource.');
      }
    });

    app.decorate('optionalAuth', async (req: FastifyRequest) => {
      const token = bearer(req);
      if (token) req.user = await findSessionUser(app.db, token);
    });
  },
  { name: 'auth' },
);

/**
 * The role check of a whole route folder, once at the top of its plugin (as fastify/demo's autohooks do): every
 * route the plugin registers answers 401 without a live session and 403 to any other role. Public routes of the
 * folder are registered outside the guarded plugin.
 */
export function guardFolder(app: FastifyInstance, ...roles: Role[]): void {
  app.addHook('onRequest', app.requireRole(...roles));
}
