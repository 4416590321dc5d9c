import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BuyerOrderDetail } from '@ub/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.tsx';
import BuyerOrderPage from './buyer-order-page.tsx';

const ID = '1c7a4e5f-9d2b-4b66-8e1f-2a3b4c5d6e7f';
const waiting: BuyerOrderDetail = {
  id: ID,
  orderId: 'ORD-2026-000101',
  orderDate: '2026-11-28T10:00:00.000Z',
  status: 'pending',
  nextStatuses: ['cancelled'],
  rfqNumber: 'RFQ-2026-000012',
  cancelReason: null,
  invoiceNumber: null,
  awaitingBuyerConfirmation: true,
  customer: { name: 'Asha Patel', company: 'Sharma Traders', email: 'asha@example.in', phone: null },
  shippingAddress: {
    street: 'Plot 4, MIDC',
    apartment: null,
    city: 'Pune',
    state: 'Maharashtra',
    zipCode: '411018',
    country: 'India',
  },
  products: [
    {
      id: 'l1',
      name: 'MS Flange 4 inch',
      brand: null,
      category: null,
      unit: 'piece',
      hsnCode: '7307',
      quantity: 200,
      unitPrice: '500.00',
      gstPercentage: '18.00',
      taxAmount: '18000.00',
      totalPrice: '118000.00',
    },
  ],
  payment: {
    id: null,
    paymentId: null,
    method: null,
    reference: null,
    status: 'pending',
    paidAt: null,
    subtotal: '100000.00',
    shipping: '0.00',
    tax: '18000.00',
    total: '118000.00',
  },
  tracking: { carrier: null, trackingNumber: null, estimatedDelivery: null },
  timeline: [{ from: null, to: 'pending', note: null, at: '2026-11-28T10:00:00.000Z' }],
  seller: { name: 'Pune Castings', state: 'Maharashtra', gstNumber: '27AAACP1234A1Z5' },
  disputes: [],
};
const confirmed: BuyerOrderDetail = {
  ...waiting,
  awaitingBuyerConfirmation: false,
  nextStatuses: ['processing', 'cancelled'],
};
const address = {
  id: 'a1',
  label: 'Works',
  line1: 'Plot 9, Chakan MIDC',
  city: 'Pune',
  state: 'Maharashtra',
  pinCode: '410501',
  isDefault: true,
};

afterEach(() => vi.unstubAllGlobals());

function serve() {
  const calls: string[] = [];
  let order = waiting;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}${init?.body ? ` ${init.body}` : ''}`);
      if (method === 'POST' && url === `/api/buyer/orders/${ID}/confirm`) {
        order = confirmed;
        return Response.json(confirmed);
      }
      if (url === `/api/buyer/orders/${ID}`) return Response.json(order);
      if (url === '/api/buyer/addresses') return Response.json({ addresses: [address] });
      if (url === `/api/buyer/orders/${ID}/payment`) {
        return Response.json({
          amountDuePaise: 11_800_000,
          paymentStatus: 'pending',
          gateway: 'test',
          attempts: [],
          refunds: [],
        });
      }
      return Response.json({ error: 'Not found' }, { status: 404 });
    }),
  );
  return calls;
}

function renderOrder() {
  const router = createMemoryRouter([{ path: '/buyer/orders/:id', element: <BuyerOrderPage /> }], {
    initialEntries: [`/buyer/orders/${ID}`],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("an order from an RFQ on the buyer's order page", () => {
  it('offers the address and "Confirm and pay" instead of a Pay now that cannot work yet', async () => {
    serve();
    renderOrder();
    expect(await screen.findByRole('heading', { name: 'Confirm your order' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Ship to' })).toHaveValue('a1');
    expect(screen.getByRole('button', { name: 'Confirm and pay' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('confirms through the endpoint the RFQ page uses, then moves on to paying', async () => {
    const calls = serve();
    renderOrder();
    await screen.findByRole('combobox', { name: 'Ship to' });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and pay' }));
    expect(calls).toContain(`POST /api/buyer/orders/${ID}/confirm {"addressId":"a1"}`);
    const pay = await screen.findByRole('button', { name: 'Pay now' });
    expect(screen.queryByRole('heading', { name: 'Confirm your order' })).toBeNull();
    expect(pay.closest('[tabindex="-1"]')).toHaveFocus();
  });
});

describe("after accepting a requirement's quote", () => {
  it('the buyer is told the seller acts next, not that the order is theirs to confirm yet', () => {
    const said = i18n._('requirements.accept.done', { number: 'RFQ-2026-000012' });
    expect(said).toContain('the seller, who turns it into an order');
    expect(said).not.toMatch(/^Accepted: RFQ-2026-000012 is ready/);
    expect(i18n._('requirements.compare.acceptedNotice')).toContain('The seller turns it into an order next');
  });
});
