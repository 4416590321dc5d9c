import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminRfqItem } from '@ub/shared';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminRfqsPage from './admin-rfqs-page.tsx';

const rfq: AdminRfqItem = {
  id: '0b6f3f4e-8c1a-4a55-9d0e-1f2a3b4c5d6e',
  rfqNumber: 'RFQ-2026-000042',
  productName: 'Wooden abacus',
  buyerCompany: 'Sharma Traders',
  buyerContact: 'Ravi Sharma',
  category: 'toys',
  requestedQuantity: 500,
  targetPrice: '80.00',
  estimatedValue: '42500.00',
  deadline: null,
  description: null,
  specifications: [],
  status: 'negotiating',
  rejectionReason: null,
  agreedPrice: null,
  agreedQuantity: null,
  agreedGstRate: null,
  orderId: null,
  createdAt: '2026-11-01T04:30:00.000Z',
  originalProduct: null,
  offers: [
    {
      id: 'o1',
      by: 'buyer',
      kind: 'request',
      pricePerUnit: '80.00',
      quantity: 500,
      notes: null,
      at: '2026-11-01T04:30:00.000Z',
    },
    {
      id: 'o2',
      by: 'seller',
      kind: 'quote',
      pricePerUnit: '95.00',
      quantity: 500,
      notes: 'Ex-works Pune',
      at: '2026-11-02T04:30:00.000Z',
    },
    {
      id: 'o3',
      by: 'buyer',
      kind: 'counter',
      pricePerUnit: '85.00',
      quantity: 500,
      notes: null,
      at: '2026-11-03T04:30:00.000Z',
    },
  ],
  waitingFor: 'seller',
  sellerCompany: 'Pune Castings',
  manufacturerId: '1c7a4e5f-9d2b-4b66-8e1f-2a3b4c5d6e7f',
  buyerId: '2d8b5f60-ae3c-4c77-9f20-3b4c5d6e7f80',
};

afterEach(() => vi.unstubAllGlobals());

describe('Admin RFQs record URL', () => {
  it('shows the whole offer history by party, with links to the buyer and the seller', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === `/api/admin/rfqs/${rfq.id}`
          ? new Response(JSON.stringify(rfq), { status: 200 })
          : new Response(JSON.stringify({ rfqs: [], total: 0, page: 1, pageSize: 5 }), { status: 200 }),
      ),
    );
    const router = createMemoryRouter(
      [{ path: '/admin/rfqs', element: <AdminRfqsPage />, children: [{ path: ':id', element: null }] }],
      { initialEntries: [`/admin/rfqs/${rfq.id}`] },
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'RFQ-2026-000042' });
    const offers = within(dialog).getAllByRole('listitem');
    expect(offers.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Sharma Traders · Request',
      'Pune Castings · Quote',
      'Sharma Traders · Counter offer',
    ]);
    expect(within(dialog).getByRole('link', { name: 'Pune Castings' })).toHaveAttribute(
      'href',
      `/admin/manufacturers/${rfq.manufacturerId}`,
    );
    expect(within(dialog).getByRole('link', { name: /Sharma Traders/ })).toHaveAttribute(
      'href',
      `/admin/buyers/${rfq.buyerId}`,
    );
  });
});
