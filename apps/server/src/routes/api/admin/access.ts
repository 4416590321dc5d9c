import { ADMIN_ROLES, ADMIN_SECTIONS, type AdminRole, type AdminSection, MONEY_ROLES } from '@ub/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../../../lib/errors.ts';
import { adminRoleOf } from '../../../modules/admin/roles.ts';
import { currentUser } from '../../../types.ts';

/**
 * Which console roles may call an admin route: every route of this folder declares it (`config: may(...)`), and
 * `guardAdminRoles` enforces it in one place. `moneyWhen` names the requests of a route that move money (a dispute
 * resolved with a refund): those need a money role (finance, owner) even when the route is open to others.
 */
export interface AdminAccess {
  roles: readonly AdminRole[];
  moneyWhen?: (body: unknown) => boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    admin?: AdminAccess;
  }
  interface FastifyRequest {
    /** The caller's console role, on an admin route (after the role check). */
    adminRole?: AdminRole;
  }
}

/** A route's declaration: the roles of a console section (ADMIN_SECTIONS, shared with the web), or a list. */
export function may(who: AdminSection | 'everyone' | readonly AdminRole[], moneyWhen?: AdminAccess['moneyWhen']) {
  const roles = who === 'everyone' ? ADMIN_ROLES : typeof who === 'string' ? ADMIN_SECTIONS[who] : who;
  return { admin: { roles, ...(moneyWhen ? { moneyWhen } : {}) } satisfies AdminAccess };
}

export const ROLE_REFUSED = 'Your admin role does not allow this. Ask an owner for access.';
export const MONEY_REFUSED = 'Only a finance admin or an owner may move money. Ask a finance admin to do this.';

/** The caller's console role on an admin route (set by the role check). */
export function currentAdminRole(req: FastifyRequest): AdminRole {
  if (!req.adminRole) throw new Error('route is missing the admin role check');
  return req.adminRole;
}

/**
 * The role check of the admin folder, after its session check (guardFolder): a route registered without a
 * declaration stops the server at start; a caller whose role the route does not name gets 403, before the request's
 * body or id is looked at, so a refusal says nothing about the record.
 */
export function guardAdminRoles(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.config?.admin) {
      throw new Error(`${String(route.method)} ${route.url}: an admin route must declare the roles that may call it`);
    }
  });
  app.addHook('preValidation', async (req) => {
    const access = req.routeOptions.config.admin;
    const role = await adminRoleOf(app.db, currentUser(req).id);
    // No role: the account was deactivated since its session was checked (another admin at the same moment).
    if (!role) throw forbidden('Your account has been deactivated.');
    if (!access || !access.roles.includes(role)) throw forbidden(ROLE_REFUSED);
    if (access.moneyWhen?.(req.body) && !(MONEY_ROLES as readonly AdminRole[]).includes(role)) {
      throw forbidden(MONEY_REFUSED);
    }
    req.adminRole = role;
  });
}
