import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import type { EventBus } from './events.ts';

/**
 * What a module function may use, named, so a route, a job, a seed or a test calls the same code without a
 * Fastify instance.
 */
export interface Deps {
  db: Db;
  events: EventBus;
  log: FastifyBaseLogger;
  clock: () => Date;
}

export const systemClock = () => new Date();

/** The dependencies a running server hands to module functions. */
export function depsOf(app: FastifyInstance): Deps {
  return { db: app.db, events: app.events, log: app.log, clock: systemClock };
}

/** Whose records a read or a write may touch: one seller's, one buyer's, or (admin) everyone's. */
export type Scope = { kind: 'seller'; manufacturerId: string } | { kind: 'buyer'; buyerId: string } | { kind: 'admin' };

export const sellerScope = (manufacturerId: string): Scope => ({ kind: 'seller', manufacturerId });
export const buyerScope = (buyerId: string): Scope => ({ kind: 'buyer', buyerId });
export const adminScope: Scope = { kind: 'admin' };
