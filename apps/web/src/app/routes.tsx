import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { type RouteHandle, TitledOutlet } from './document-title.tsx';
import { completeCatalogue } from '../lib/i18n.tsx';
import { RouteError } from './route-error.tsx';

/**
 * Lazy route: each screen is its own chunk, so `/` never downloads the seller app or the admin console. The title
 * becomes the document's ("Orders · Udyog Bazaar").
 */
const publicPage = (load: () => Promise<{ default: ComponentType }>, title?: string) => ({
  lazy: async () => ({ Component: (await load()).default }),
  handle: { title } satisfies RouteHandle,
});

/** An app screen: the whole catalogue of the language first (a public page brought only its own words). */
const page = (load: () => Promise<{ default: ComponentType }>, title?: string) => ({
  lazy: async () => ({ Component: (await Promise.all([load(), completeCatalogue()]))[0].default }),
  handle: { title } satisfies RouteHandle,
});

/** A record of a list has its own URL: the list's page stays mounted and opens the record found in `:id`. */
const withRecord = { children: [{ path: ':id' }] };

/** Wraps every app screen in the data and toast providers, themselves loaded lazily. */
const withProviders = {
  lazy: async () => {
    const { ProvidedOutlet } = await import('./providers.tsx');
    return { Component: ProvidedOutlet };
  },
};

/**
 * Every route of the app. Kept apart from the browser router so that a test can match a path against it without a
 * browser: the server's notification links are checked against it (apps/server/test/notification-links.test.ts).
 */
export const routes: RouteObject[] = [
  {
    Component: TitledOutlet,
    errorElement: <RouteError />,
    children: [
      { path: '/', ...publicPage(() => import('../features/landing/landing-page.tsx')) },
      {
        ...withProviders,
        children: [
          { path: '/login', ...publicPage(() => import('../features/auth/login-page.tsx'), 'titles.signIn') },
          { path: '/register', ...publicPage(() => import('../features/auth/register-page.tsx'), 'titles.register') },
          {
            path: '/forgot-password',
            ...publicPage(() => import('../features/auth/forgot-password-page.tsx'), 'titles.resetPassword'),
          },
          { path: '/auth', element: <Navigate to="/login" replace /> },
          {
            path: '/products',
            ...publicPage(() => import('../features/catalog/products-page.tsx'), 'titles.products'),
          },
          {
            path: '/products/:id',
            ...publicPage(() => import('../features/catalog/product-page.tsx'), 'titles.product'),
          },
          { path: '/sellers/:id', ...publicPage(() => import('../features/catalog/seller-page.tsx'), 'titles.seller') },
          { path: '/admin/login', ...publicPage(() => import('../features/auth/admin-login-page.tsx'), 'Admin Login') },
          {
            path: '/buyer/register',
            ...publicPage(() => import('../features/buyer-register/buyer-register-page.tsx'), 'titles.buyerRegister'),
          },
          {
            path: '/buyer',
            ...page(() => import('../features/buyer-shell/buyer-layout.tsx')),
            children: [
              {
                index: true,
                ...page(() => import('../features/buyer-dashboard/buyer-dashboard-page.tsx'), 'titles.buyerDashboard'),
              },
              {
                path: 'orders',
                ...page(() => import('../features/buyer-orders/buyer-orders-page.tsx'), 'titles.orders'),
              },
              {
                path: 'orders/:id',
                ...page(() => import('../features/buyer-orders/buyer-order-page.tsx'), 'titles.order'),
              },
              {
                path: 'profile',
                ...page(() => import('../features/buyer-profile/buyer-profile-page.tsx'), 'titles.companyProfile'),
              },
              {
                path: 'order-list',
                ...page(() => import('../features/order-list/order-list-page.tsx'), 'titles.orderList'),
              },
              {
                path: 'addresses',
                ...page(() => import('../features/buyer-addresses/addresses-page.tsx'), 'titles.addresses'),
              },
              { path: 'rfqs', ...page(() => import('../features/buyer-rfqs/buyer-rfqs-page.tsx'), 'titles.rfqs') },
              {
                path: 'rfqs/new',
                ...page(() => import('../features/buyer-rfqs/new-rfq-page.tsx'), 'titles.requestQuote'),
              },
              { path: 'rfqs/:id', ...page(() => import('../features/buyer-rfqs/buyer-rfq-page.tsx'), 'titles.rfq') },
              {
                path: 'requirements',
                ...page(() => import('../features/requirements/requirements-page.tsx'), 'titles.myRequirements'),
              },
              {
                path: 'requirements/new',
                ...page(() => import('../features/requirements/requirement-new-page.tsx'), 'titles.postRequirement'),
              },
              {
                path: 'requirements/:id',
                ...page(() => import('../features/requirements/requirement-page.tsx'), 'titles.requirement'),
              },
            ],
          },
          {
            path: '/dashboard',
            ...page(() => import('../features/shell/seller-layout.tsx')),
            children: [
              { index: true, ...page(() => import('../features/dashboard/dashboard-page.tsx'), 'titles.dashboard') },
              {
                path: 'products',
                ...page(() => import('../features/products/products-page.tsx'), 'titles.products'),
                ...withRecord,
              },
              {
                path: 'orders',
                ...page(() => import('../features/orders/orders-page.tsx'), 'titles.orderManagement'),
                ...withRecord,
              },
              {
                path: 'payments',
                ...page(() => import('../features/payments/payments-page.tsx'), 'titles.payments'),
                ...withRecord,
              },
              { path: 'rfqs', ...page(() => import('../features/rfqs/rfqs-page.tsx'), 'titles.rfqs'), ...withRecord },
              { path: 'help', ...page(() => import('../features/help/help-page.tsx'), 'titles.help') },
              { path: 'settings', ...page(() => import('../features/settings/settings-page.tsx'), 'titles.settings') },
            ],
          },
          {
            path: '/admin',
            ...page(() => import('../features/shell/admin-layout.tsx')),
            children: [
              {
                index: true,
                ...page(() => import('../features/admin-dashboard/admin-dashboard-page.tsx'), 'Admin Dashboard'),
              },
              {
                path: 'manufacturers',
                ...page(
                  () => import('../features/admin-manufacturers/admin-manufacturers-page.tsx'),
                  'Manufacturers · Admin',
                ),
                ...withRecord,
              },
              {
                path: 'products',
                ...page(() => import('../features/admin-products/admin-products-page.tsx'), 'Products · Admin'),
                ...withRecord,
              },
              {
                path: 'orders',
                ...page(() => import('../features/admin-orders/admin-orders-page.tsx'), 'Order Management · Admin'),
                ...withRecord,
              },
              {
                path: 'payments',
                ...page(() => import('../features/admin-payments/admin-payments-page.tsx'), 'Payments · Admin'),
              },
              {
                path: 'finance',
                ...page(() => import('../features/admin-finance/admin-finance-page.tsx'), 'Finance · Admin'),
              },
              {
                path: 'content',
                ...page(
                  () => import('../features/admin-content/admin-content-page.tsx'),
                  'Content & Communication · Admin',
                ),
              },
              {
                path: 'disputes',
                ...page(() => import('../features/admin-disputes/admin-disputes-page.tsx'), 'Disputes · Admin'),
                ...withRecord,
              },
              {
                path: 'requirements',
                ...page(
                  () => import('../features/admin-requirements/admin-requirements-page.tsx'),
                  'Requirements · Admin',
                ),
                ...withRecord,
              },
              {
                path: 'buyers',
                ...page(() => import('../features/admin-buyers/admin-buyers-page.tsx'), 'Buyers · Admin'),
                ...withRecord,
              },
              {
                path: 'rfqs',
                ...page(() => import('../features/admin-rfqs/admin-rfqs-page.tsx'), 'RFQs · Admin'),
                ...withRecord,
              },
              {
                path: 'reports',
                ...page(() => import('../features/admin-reports/admin-reports-page.tsx'), 'Reports · Admin'),
              },
              {
                path: 'settings',
                ...page(() => import('../features/admin-settings/admin-settings-page.tsx'), 'Settings · Admin'),
              },
              {
                path: 'jobs',
                ...page(() => import('../features/admin-jobs/admin-jobs-page.tsx'), 'Background jobs · Admin'),
              },
            ],
          },
        ],
      },
      { path: '*', ...publicPage(() => import('./not-found-page.tsx'), 'titles.notFound') },
    ],
  },
];
