import type { ManufacturerStatus, SellerAction } from '@ub/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { manufacturers } from '../db/schema/index.ts';
import { assertSellerMay } from '../modules/auth/seller-status.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one place the seller account policy (packages/shared seller-status.ts) is enforced: every request of a
 * signed-in seller that changes something is checked against the kind its route declares, before its body is
 * validated, and refused with a 403 that says what the account can still do. A route that declares nothing counts
 * as trade, so a new write route is closed to suspended and unverified sellers until someone decides otherwise.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (req: FastifyRequest) => {
      const user = req.user;
      if (user?.role !== 'seller' || READS.has(req.method)) return;
      // The session (with the status) is cached for a few seconds per process, and a suspension made through
      // another process reaches this one's cache over Redis a moment after it commits: a write reads the account's
      // status afresh (one primary-key read), so none slips through that moment.
      const [row] = user.manufacturerId
        ? await app.db
            .select({ status: manufacturers.status })
            .from(manufacturers)
            .where(eq(manufacturers.id, user.manufacturerId))
        : [];
      const status = (row?.status as ManufacturerStatus | undefined) ?? user.manufacturerStatus;
      assertSellerMay(status, req.routeOptions.config.sellerAction ?? 'trade');
    });
  },
  { name: 'seller-status', dependencies: ['auth'] },
);

/**
 * Declares the kind of seller action of every route registered after it in this route folder (one line at the top
 * of the folder's plugin); a route's own `config.sellerAction` wins.
 */
export function declareSellerAction(app: FastifyInstance, action: SellerAction): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, sellerAction: route.config?.sellerAction ?? action };
  });
}
