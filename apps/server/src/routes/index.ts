import type { FastifyInstance } from 'fastify';
import manufacturerApproval from './api/admin/manufacturer-approval.ts';
import adminManufacturers from './api/admin/manufacturers.ts';
import auth from './api/auth/index.ts';
import buyer from './api/buyer/index.ts';
import dashboard from './api/dashboard/index.ts';
import health from './api/health.ts';
import orders from './api/orders/index.ts';
import payments from './api/payments/index.ts';
import rfqs from './api/rfqs/index.ts';
import settings from './api/settings/index.ts';
import site from './api/site/index.ts';

/** Every API route plugin, mounted under /api. Add a feature's plugin here. */
export async function apiRoutes(api: FastifyInstance): Promise<void> {
  await api.register(health);
  await api.register(auth);
  await api.register(settings);
  await api.register(adminManufacturers);
  await api.register(manufacturerApproval);
  await api.register(site);
  await api.register(buyer);
  await api.register(rfqs);
  await api.register(orders);
  await api.register(payments);
  await api.register(dashboard);
}
