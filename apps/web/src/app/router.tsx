import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { RouteError } from './route-error.tsx';

/** Lazy route: each screen is its own chunk, so `/` never downloads the seller app or the admin console. */
const page = (load: () => Promise<{ default: ComponentType }>) => ({
  lazy: async () => ({ Component: (await load()).default }),
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
    errorElement: <RouteError />,
    children: [
      { path: '/', ...page(() => import('../features/landing/landing-page.tsx')) },
      {
        ...withProviders,
        children: [
          { path: '/login', ...page(() => import('../features/auth/login-page.tsx')) },
          { path: '/register', ...page(() => import('../features/auth/register-page.tsx')) },
          { path: '/forgot-password', ...page(() => import('../features/auth/forgot-password-page.tsx')) },
          { path: '/auth', element: <Navigate to="/login" replace /> },
          { path: '/admin/login', ...page(() => import('../features/auth/admin-login-page.tsx')) },
          {
            path: '/dashboard',
            ...page(() => import('../features/shell/seller-layout.tsx')),
            children: [
              { index: true, ...page(() => import('../features/dashboard/dashboard-page.tsx')) },
              { path: 'products', ...page(() => import('../features/products/products-page.tsx')), ...withRecord },
              { path: 'orders', ...page(() => import('../features/orders/orders-page.tsx')), ...withRecord },
              { path: 'payments', ...page(() => import('../features/payments/payments-page.tsx')), ...withRecord },
              { path: 'rfqs', ...page(() => import('../features/rfqs/rfqs-page.tsx')), ...withRecord },
              { path: 'help', ...page(() => import('../features/help/help-page.tsx')) },
              { path: 'settings', ...page(() => import('../features/settings/settings-page.tsx')) },
            ],
          },
          {
            path: '/admin',
            ...page(() => import('../features/shell/admin-layout.tsx')),
            children: [
              { index: true, ...page(() => import('../features/admin-dashboard/admin-dashboard-page.tsx')) },
              {
                path: 'manufacturers',
                ...page(() => import('../features/admin-manufacturers/admin-manufacturers-page.tsx')),
                ...withRecord,
              },
              {
                path: 'products',
                ...page(() => import('../features/admin-products/admin-products-page.tsx')),
                ...withRecord,
              },
              {
                path: 'orders',
                ...page(() => import('../features/admin-orders/admin-orders-page.tsx')),
                ...withRecord,
              },
              { path: 'payments', ...page(() => import('../features/admin-payments/admin-payments-page.tsx')) },
              { path: 'content', ...page(() => import('../features/admin-content/admin-content-page.tsx')) },
              {
                path: 'disputes',
                ...page(() => import('../features/admin-disputes/admin-disputes-page.tsx')),
                ...withRecord,
              },
              { path: 'reports', ...page(() => import('../features/admin-reports/admin-reports-page.tsx')) },
              { path: 'settings', ...page(() => import('../features/admin-settings/admin-settings-page.tsx')) },
            ],
          },
        ],
      },
      { path: '*', ...page(() => import('./not-found-page.tsx')) },
    ],
  },
]);
