import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { type RouteHandle, TitledOutlet } from './document-title.tsx';
import { RouteError } from './route-error.tsx';

/**
 * Lazy route: each screen is its own chunk, so `/` never downloads the seller app or the admin console. The title
 * becomes the document's ("Orders · Udyog Bazaar").
 */
const page = (load: () => Promise<{ default: ComponentType }>, title?: string) => ({
  lazy: async () => ({ Component: (await load()).default }),
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

export const router = createBrowserRouter([
  {
    Component: TitledOutlet,
    errorElement: <RouteError />,
    children: [
      { path: '/', ...page(() => import('../features/landing/landing-page.tsx')) },
      {
        ...withProviders,
        children: [
          { path: '/login', ...page(() => import('../features/auth/login-page.tsx'), 'Sign In') },
          { path: '/register', ...page(() => import('../features/auth/register-page.tsx'), 'Register') },
          {
            path: '/forgot-password',
            ...page(() => import('../features/auth/forgot-password-page.tsx'), 'Reset Password'),
          },
          { path: '/auth', element: <Navigate to="/login" replace /> },
          { path: '/products', ...page(() => import('../features/catalog/products-page.tsx'), 'Products') },
          { path: '/products/:id', ...page(() => import('../features/catalog/product-page.tsx'), 'Product') },
          { path: '/sellers/:id', ...page(() => import('../features/catalog/seller-page.tsx'), 'Seller') },
          { path: '/admin/login', ...page(() => import('../features/auth/admin-login-page.tsx'), 'Admin Login') },
          {
            path: '/buyer/register',
            ...page(() => import('../features/buyer-register/buyer-register-page.tsx'), 'Register as a buyer'),
          },
          {
            path: '/buyer',
            ...page(() => import('../features/buyer-shell/buyer-layout.tsx')),
            children: [
              {
                index: true,
                ...page(() => import('../features/buyer-dashboard/buyer-dashboard-page.tsx'), 'Buyer Dashboard'),
              },
              { path: 'orders', ...page(() => import('../features/buyer-orders/buyer-orders-page.tsx'), 'Orders') },
              { path: 'orders/:id', ...page(() => import('../features/buyer-orders/buyer-order-page.tsx'), 'Order') },
              {
                path: 'profile',
                ...page(() => import('../features/buyer-profile/buyer-profile-page.tsx'), 'Company profile'),
              },
              { path: 'order-list', ...page(() => import('../features/order-list/order-list-page.tsx'), 'Order list') },
              {
                path: 'addresses',
                ...page(() => import('../features/buyer-addresses/addresses-page.tsx'), 'Addresses'),
              },
              { path: 'rfqs', ...page(() => import('../features/buyer-rfqs/buyer-rfqs-page.tsx'), 'RFQs') },
              {
                path: 'rfqs/new',
                ...page(() => import('../features/buyer-rfqs/new-rfq-page.tsx'), 'Request a quote'),
              },
              { path: 'rfqs/:id', ...page(() => import('../features/buyer-rfqs/buyer-rfq-page.tsx'), 'RFQ') },
              {
                path: 'requirements',
                ...page(() => import('../features/requirements/requirements-page.tsx'), 'My requirements'),
              },
              {
                path: 'requirements/new',
                ...page(() => import('../features/requirements/requirement-new-page.tsx'), 'Post a requirement'),
              },
              {
                path: 'requirements/:id',
                ...page(() => import('../features/requirements/requirement-page.tsx'), 'Requirement'),
              },
            ],
          },
          {
            path: '/dashboard',
            ...page(() => import('../features/shell/seller-layout.tsx')),
            children: [
              { index: true, ...page(() => import('../features/dashboard/dashboard-page.tsx'), 'Dashboard') },
              {
                path: 'products',
                ...page(() => import('../features/products/products-page.tsx'), 'Products'),
                ...withRecord,
              },
              {
                path: 'orders',
                ...page(() => import('../features/orders/orders-page.tsx'), 'Order Management'),
                ...withRecord,
              },
              {
                path: 'payments',
                ...page(() => import('../features/payments/payments-page.tsx'), 'Payments'),
                ...withRecord,
              },
              { path: 'rfqs', ...page(() => import('../features/rfqs/rfqs-page.tsx'), 'RFQs'), ...withRecord },
              { path: 'help', ...page(() => import('../features/help/help-page.tsx'), 'Help & Docs') },
              { path: 'settings', ...page(() => import('../features/settings/settings-page.tsx'), 'Settings') },
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
      { path: '*', ...page(() => import('./not-found-page.tsx'), 'Page Not Found') },
    ],
  },
]);
