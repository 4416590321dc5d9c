import type { PaymentGateway, PayoutProvider } from './modules/payments/providers/types.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogList, CatalogQuery, Role, SellerAction } from '@ub/shared';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { ReadRouter } from './db/replica.ts';
import type { AuthUser } from './modules/auth/sessions.ts';
import type { SmsProvider } from './modules/auth/sms.ts';
import type { EventBus } from './lib/events.ts';
import type { Mailer } from './modules/notifications/mailer.ts';
import type { ImageWork } from './lib/image-work.ts';
import type { Storage } from './lib/storage.ts';
import type { JobRunner } from './jobs/runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** Reads that may lag a moment: on the replica when there is a healthy one (db/replica.ts). */
    reads: ReadRouter;
    /**
     * Runs such a read for this request: on the primary when its client wrote a moment ago (`wrote`: then nothing
     * cached may answer it either).
     */
    readLagging<T>(req: FastifyRequest, fn: (database: Database, wrote: boolean) => Promise<T>): Promise<T>;
    sms: SmsProvider;
    events: EventBus;
    mailer: Mailer;
    /** Uploaded files (product images, seller documents) under server-generated keys. */
    storage: Storage;
    /** The bounded queue for image decoding and the per-seller limit on uploads in progress. */
    imageWork: ImageWork;
    /** The durable job runner (jobs/): polling when JOBS_ENABLED, else driven by `drain()` (tests). */
    jobs: JobRunner;
    /** The payment gateway PAYMENT_PROVIDER chose (modules/payments/providers). */
    gateway: PaymentGateway;
    /** Seller payouts PAYOUT_PROVIDER chose: `manual` (bank file and UTRs) or RazorpayX. */
    payouts: PayoutProvider;
    /** The catalogue search behind its per-process cache (modules/catalog/queries.ts `cachedCatalogSearch`). */
    catalogSearch: (database: Database, f: CatalogQuery, fresh?: boolean) => Promise<CatalogList>;
    /** onRequest hook: 401 without a live token, 403 when the user's role is not one of `roles`. */
    requireRole(...roles: Role[]): (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: attaches the user when a live token is sent, and lets anonymous callers through. */
    optionalAuth: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user?: AuthUser;
  }
  interface FastifyContextConfig {
    /** Reset endpoints answer errors in `message` as well as `error` (spec section 7). */
    errorAsMessage?: boolean;
    /** What kind of seller write the route is, for the account status policy (plugins/seller-status.ts). */
    sellerAction?: SellerAction;
  }
}

/** The signed-in user of a route guarded by requireRole. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw new Error('route is missing requireRole');
  return req.user;
}

/** The caller's manufacturer id on a seller route. */
export function currentManufacturerId(req: FastifyRequest): string {
  const id = currentUser(req).manufacturerId;
  if (!id) throw new Error('seller without manufacturer');
  return id;
}
