import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDetail, OrderListItem } from '@ub/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.tsx';
import OrdersPage from './orders-page.tsx';

const PAID = '0b6f3f4e-8c1a-4a55-9d0e-1f2a3b4c5d6e';
const UNPAID = '1c7a4e5f-9d2b-4b66-8e1f-2a3b4c5d6e7f';
const row = (id: string, orderId: string, paymentStatus: OrderListItem['paymentStatus']): OrderListItem => ({
  id,
  orderId,
  customer: 'Sharma Traders',
  orderDate: '2026-11-28T10:00:00.000Z',
  status: 'pending',
  total: '1180.00',
  paymentStatus,
  awaitingBuyerConfirmation: false,
});
const detail: OrderDetail = {
  id: UNPAID,
  orderId: 'ORD-2026-000102',
  orderDate: '2026-11-28T10:00:00.000Z',
  status: 'pending',
  nextStatuses: ['processing', 'shipped', 'cancelled'],
  rfqNumber: null,
  cancelReason: null,
  invoiceNumber: null,
  awaitingBuyerConfirmation: false,
  customer: { name: 'Asha Patel', company: 'Sharma Traders', email: 'asha@example.in', phone: null },
  shippingAddress: {
    street: 'Plot 4',
    apartment: null,
    city: 'Pune',
    state: 'Maharashtra',
    zipCode: '411018',
    country: 'India',
  },
  products: [],
  payment: {
    id: null,
    paymentId: null,
    method: null,
    reference: null,
    status: 'pending',
    paidAt: null,
    subtotal: '1000.00',
    shipping: '0.00',
    tax: '180.00',
    total: '1180.00',
  },
  tracking: { carrier: null, trackingNumber: null, estimatedDelivery: null },
  timeline: [{ from: null, to: 'pending', note: null, at: '2026-11-28T10:00:00.000Z' }],
};

const scrolled = vi.fn();
beforeEach(() => {
  Element.prototype.scrollIntoView = scrolled;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/orders?')) {
        return Response.json({
          orders: [row(PAID, 'ORD-2026-000101', 'paid'), row(UNPAID, 'ORD-2026-000102', 'pending')],
          total: 2,
          totalCapped: false,
          page: 1,
          pageSize: 10,
        });
      }
      if (url === `/api/orders/${UNPAID}`) return Response.json(detail);
      if (url === `/api/orders/${UNPAID}/disputes`) return Response.json({ disputes: [] });
      return Response.json({ error: 'Not found' }, { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ path: '/dashboard/orders', element: <OrdersPage />, children: [{ path: ':id', element: null }] }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("seller's orders", () => {
  it('shows whether each order is paid', async () => {
    renderAt('/dashboard/orders');
    expect(await screen.findByRole('columnheader', { name: 'Payment' })).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /ORD-2026-000101/ })).getByText('Paid')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /ORD-2026-000102/ })).getByText('Unpaid')).toBeInTheDocument();
  });

  it('opens Change Status in view with its field focused, offering every move the server allows', async () => {
    scrolled.mockClear();
    renderAt(`/dashboard/orders/${UNPAID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Order ORD-2026-000102' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Status' }));
    const select = within(dialog).getByRole('combobox', { name: 'New status' });
    expect(select).toHaveFocus();
    expect(scrolled).toHaveBeenCalled();
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Processing', 'Shipped']);
  });

  it('spells the payments tab right', () => {
    expect(i18n._('status.paymentTab.in_progress')).toBe('In Progress');
  });
});
