import type { FastifyInstance } from 'fastify';
import type { createSeller } from './factories.ts';

/** What each demo step receives; kept apart from demo.ts so the steps do not import the module that imports them. */
export interface DemoContext {
  app: FastifyInstance;
  seller: Awaited<ReturnType<typeof createSeller>>;
}
