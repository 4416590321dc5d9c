import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { DashboardOverview } from '@ub/shared';
import { compiledCatalogues } from '@ub/shared/i18n/catalogues';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyCatalogue } from '../../lib/i18n.tsx';
import DashboardPage from './dashboard-page.tsx';

const stat = (count: number) => ({ count, trend: '+10%' });
const overview: DashboardOverview = {
  stats: { total_orders: stat(78), total_products: stat(12), pending_payments: stat(3), alerts: stat(1) },
  recent_orders: [
    {
      id: 'o1',
      orderId: 'ORD-2026-000001',
      name: 'LED Driver 12V 2A +2 more',
      date: '2026-11-20T10:00:00.000Z',
      price: '38999.00',
      status: 'Pending',
    },
  ],
};

function renderIn(lang: 'en' | 'hi') {
  applyCatalogue({ lang, messages: compiledCatalogues()[lang] });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(overview), { status: 200 })),
  );
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <DashboardPage />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('Dashboard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    applyCatalogue({ lang: 'en', messages: compiledCatalogues().en });
  });

  it('says the cards, the order’s other lines and its payment status in Hindi', async () => {
    renderIn('hi');
    expect(await screen.findByRole('region', { name: 'ऑर्डर' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'डैशबोर्ड' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByText('LED Driver 12V 2A +2 और')).toBeInTheDocument();
    expect(within(table).getByText('बाकी')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'ऑर्डर देखें' })).toBeInTheDocument();
  });

  it('keeps the spec’s English words in English', async () => {
    renderIn('en');
    expect(await screen.findByRole('region', { name: 'Pending Payments' })).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('LED Driver 12V 2A +2 more')).toBeInTheDocument();
  });
});
