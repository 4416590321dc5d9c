import type { FastifyInstance } from 'fastify';
import consoleRoutes from './console.ts';
import jobs from './jobs.ts';
import manufacturers from './manufacturers.ts';
import operations from './operations.ts';
import products from './products.ts';

/** The admin console's API, every route admin-only. */
export default async function adminRoutes(app: FastifyInstance): Promise<void> {
  await app.register(manufacturers);
  await app.register(products);
  await app.register(operations);
  await app.register(consoleRoutes);
  await app.register(jobs);
}
