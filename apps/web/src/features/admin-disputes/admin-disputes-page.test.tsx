import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminDisputesPage, { refundChoice } from './admin-disputes-page.tsx';

const onList = {
  id: '0b6f3f4e-8c1a-4a55-9d0e-1f2a3b4c5d6e',
  orderId: '1c7a4e5f-9d2b-4b66-8e1f-2a3b4c5d6e7f',
  orderNumber: 'ORD-2026-000101',
  buyer: 'Sharma Traders',
  manufacturer: 'Pune Castings',
  reason: 'Late delivery',
  status: 'open',
  statusLabel: 'Open',
  nextStatuses: ['under_review', 'resolved_buyer', 'resolved_seller'],
  notes: null,
  createdAt: '2026-11-20T04:30:00.000Z',
  updatedAt: '2026-11-20T04:30:00.000Z',
};
// Raised long ago: on a later page of the list than the one the record URL is opened over.
const older = {
  ...onList,
  id: '2d8b5f60-ae3c-4c77-9f20-3b4c5d6e7f80',
  orderNumber: 'ORD-2026-000007',
  reason: 'Wrong grade of steel',
  evidence: [],
  refundablePaise: 500_000,
};

afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ path: '/admin/disputes', element: <AdminDisputesPage />, children: [{ path: ':id', element: null }] }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('Admin Disputes record URL', () => {
  it('opens a dispute that is not on the current list page, read by its id', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        if (url === `/api/admin/disputes/${older.id}`) return new Response(JSON.stringify(older), { status: 200 });
        return new Response(JSON.stringify({ disputes: [onList], total: 21, page: 1, pageSize: 20 }), { status: 200 });
      }),
    );
    renderAt(`/admin/disputes/${older.id}`);
    expect(await screen.findByRole('dialog', { name: `Dispute on ${older.orderNumber}` })).toBeInTheDocument();
    expect(screen.getByText('Wrong grade of steel')).toBeInTheDocument();
    expect(urls).toContain(`/api/admin/disputes/${older.id}`);
  });

  it('says so when the id is unknown', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/api/admin/disputes?')
          ? new Response(JSON.stringify({ disputes: [onList], total: 1, page: 1, pageSize: 20 }), { status: 200 })
          : new Response(JSON.stringify({ error: 'Dispute not found' }), { status: 404 }),
      ),
    );
    renderAt('/admin/disputes/3e9c6071-bf4d-4d88-a031-4c5d6e7f8091');
    expect(await screen.findByRole('dialog', { name: 'Dispute not found' })).toBeInTheDocument();
  });
});

describe('Admin dispute resolution for the buyer', () => {
  it('checks a partial refund against what can still be refunded', () => {
    // Nothing is chosen for the admin: the full refund is picked, and then sent as the amount confirmed.
    expect(refundChoice('', '', 500_000).error).toBe('Choose the refund: the full amount or a part.');
    expect(refundChoice('full', '', 500_000)).toEqual({ refundPaise: 500_000 });
    expect(refundChoice('partial', '1,250.50', 500_000)).toEqual({ refundPaise: 125_050 });
    expect(refundChoice('partial', '5000.01', 500_000).error).toBe('At most ₹5,000.00 can be refunded.');
    expect(refundChoice('partial', '0', 500_000).error).toBe('The refund must be more than zero.');
    expect(refundChoice('partial', '12.345', 500_000).error).toMatch(/^Enter the refund in rupees/);
  });

  it('sends the partial amount in paise, and refuses one above what was paid', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'PATCH') {
          bodies.push(JSON.parse(String(init.body)));
          return new Response(
            JSON.stringify({ ...older, status: 'resolved_buyer', statusLabel: 'Resolved for buyer' }),
          );
        }
        if (url === `/api/admin/disputes/${older.id}`) return new Response(JSON.stringify(older), { status: 200 });
        return new Response(JSON.stringify({ disputes: [onList], total: 1, page: 1, pageSize: 20 }), { status: 200 });
      }),
    );
    renderAt(`/admin/disputes/${older.id}`);
    await screen.findByRole('dialog', { name: `Dispute on ${older.orderNumber}` });
    await userEvent.selectOptions(screen.getByLabelText('New status'), 'resolved_buyer');
    // No amount is chosen by default (issue 28): neither a full nor a partial refund until the admin picks one.
    expect(screen.getByLabelText('Full refund: ₹5,000.00')).not.toBeChecked();
    expect(screen.getByLabelText('Partial refund')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(screen.getByLabelText('Partial refund'));
    await userEvent.type(screen.getByLabelText('Refund amount (₹)'), '6000');
    await userEvent.type(screen.getByLabelText('Notes'), 'Two cartons short');
    expect(screen.getByRole('alert')).toHaveTextContent('At most ₹5,000.00 can be refunded.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Refund amount (₹)'));
    await userEvent.type(screen.getByLabelText('Refund amount (₹)'), '1250.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The confirmation names the amount and the buyer before anything is sent.
    const confirm = await screen.findByRole('dialog', { name: 'Resolve for the buyer with a refund of ₹1,250.50?' });
    expect(confirm).toHaveTextContent(older.buyer);
    expect(bodies).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Resolve and refund' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ status: 'resolved_buyer', notes: 'Two cartons short', refundPaise: 125_050 });
  });
});
