import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminBuyerDetail, AdminBuyerListItem } from '@ub/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminBuyersPage from './admin-buyers-page.tsx';

const active: AdminBuyerListItem = {
  id: '0b6f3f4e-8c1a-4a55-9d0e-1f2a3b4c5d6e',
  company: 'Sharma Traders',
  contactName: 'Ravi Sharma',
  email: 'ravi@sharmatraders.in',
  phone: '9876543210',
  gst: '29ABCDE1234F1Z5',
  state: 'Karnataka',
  joinedAt: '2026-10-01T04:30:00.000Z',
  status: 'active',
  statusLabel: 'Active',
  blockedAt: null,
  blockedReason: null,
};
const detail: AdminBuyerDetail = {
  ...active,
  address: '44 Residency Road, Bengaluru',
  counts: { orders: 1, rfqs: 0, disputes: 1 },
  orders: [
    {
      id: '1c7a4e5f-9d2b-4b66-8e1f-2a3b4c5d6e7f',
      orderNumber: 'ORD-2026-000101',
      manufacturer: 'Pune Castings',
      total: '11800.00',
      status: 'delivered',
      createdAt: '2026-11-01T04:30:00.000Z',
    },
  ],
  rfqs: [],
  disputes: [
    {
      id: '2d8b5f60-ae3c-4c77-9f20-3b4c5d6e7f80',
      orderId: '1c7a4e5f-9d2b-4b66-8e1f-2a3b4c5d6e7f',
      orderNumber: 'ORD-2026-000101',
      reason: 'Wrong grade of steel',
      status: 'open',
      createdAt: '2026-11-05T04:30:00.000Z',
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ path: '/admin/buyers', element: <AdminBuyersPage />, children: [{ path: ':id', element: null }] }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('Admin Buyers', () => {
  it("opens a buyer's record by URL with links to their orders and disputes", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === `/api/admin/buyers/${active.id}`
          ? new Response(JSON.stringify(detail), { status: 200 })
          : new Response(JSON.stringify({ buyers: [active], total: 1, page: 1, pageSize: 5 }), { status: 200 }),
      ),
    );
    renderAt(`/admin/buyers/${active.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Buyer Details' });
    expect(within(dialog).getByText('29ABCDE1234F1Z5')).toBeInTheDocument();
    const links = within(dialog).getAllByRole('link', { name: 'ORD-2026-000101' });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      `/admin/orders/${detail.orders[0]?.id}`,
      `/admin/disputes/${detail.disputes[0]?.id}`,
    ]);
  });

  it('blocks a buyer only with a reason, sending the reason chosen in the dialog', async () => {
    const posts: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts.push({ url, body: JSON.parse(String(init.body)) });
          return new Response(JSON.stringify({ ...active, status: 'blocked', statusLabel: 'Blocked' }), {
            status: 200,
          });
        }
        return new Response(JSON.stringify({ buyers: [active], total: 1, page: 1, pageSize: 5 }), { status: 200 });
      }),
    );
    const user = userEvent.setup();
    renderAt('/admin/buyers?status=active&q=sharma');
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Buyer' });
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Other'));
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'Fake company documents');
    await user.click(submit);
    await vi.waitFor(() =>
      expect(posts).toEqual([
        {
          url: `/api/admin/buyers/${active.id}/block`,
          body: { reason: 'Other', customReason: 'Fake company documents' },
        },
      ]),
    );
  });
});
