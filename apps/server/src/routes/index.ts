import type { FastifyInstance } from 'fastify';
import admin from './api/admin/index.ts';
import auth from './api/auth/index.ts';
import contact from './api/contact/index.ts';
import health from './api/health.ts';
import i18n from './api/i18n/index.ts';
import notifications from './api/notifications/index.ts';
import leads from './api/leads/index.ts';
import products from './api/products/index.ts';
import buyer from './api/buyer/index.ts';
import buyerPublic from './api/buyer/public.ts';
import catalog from './api/catalog/index.ts';
import buyerShopping from './api/buyer-shopping/index.ts';
import dashboard from './api/dashboard/index.ts';
import gst from './api/gst/index.ts';
import orders from './api/orders/index.ts';
import payments from './api/payments/index.ts';
import paymentWebhooks from './api/payment-webhooks/index.ts';
import rfqs from './api/rfqs/index.ts';
import requirements from './api/requirements/index.ts';
import settings from './api/settings/index.ts';
import site from './api/site/index.ts';

/** Every API route plugin, mounted under /api. Add a feature's plugin here. */
export async function apiRoutes(api: FastifyInstance): Promise<void> {
  await api.register(health);
  await api.register(auth);
  await api.register(i18n);
  await api.register(settings);
  await api.register(admin);
  await api.register(site);
  await api.register(notifications);
  await api.register(contact);
  await api.register(leads);
  await api.register(products);
  await api.register(catalog);
  await api.register(buyerPublic);
  await api.register(buyer);
  await api.register(buyerShopping);
  await api.register(rfqs);
  await api.register(requirements);
  await api.register(orders);
  await api.register(payments);
  await api.register(paymentWebhooks);
  await api.register(dashboard);
  await api.register(gst);
}
