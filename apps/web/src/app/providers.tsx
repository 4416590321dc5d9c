import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Toasts } from '../components/toasts.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

/**
 * Data and toast providers for the app screens. Loaded with the first screen that needs them, so the public
 * landing page does not download TanStack Query.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toasts />
    </QueryClientProvider>
  );
}

export function ProvidedOutlet() {
  return (
    <AppProviders>
      <Outlet />
    </AppProviders>
  );
}
