import type { FastifyInstance } from 'fastify';
import manufacturers from './manufacturers.ts';
import products from './products.ts';

/** The admin console's API, every route admin-only. */
export default async function adminRoutes(app: FastifyInstance): Promise<void> {
  await app.register(manufacturers);
  await app.register(products);
}
