import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminFinancePage from './admin-finance-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const finance = {
  awaiting: [
    {
      id: 'att-1',
      reference: 'PAY-0042',
      status: 'awaiting_confirmation',
      orderNumber: 'ORD-2026-0042',
      buyer: 'Sharma Traders',
      seller: 'Patil Plastics',
      amountPaise: 2_36_870_00,
      utr: 'HDFCN52026112499',
      transferMode: 'NEFT',
      flagReason: null,
      flaggedPaise: null,
      submittedAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  refunds: [],
  heldBySeller: [],
  payouts: [
    {
      id: 'stl-1',
      settlementNumber: 'STL-7',
      seller: 'Patil Plastics',
      netPaise: 1_17_811_74,
      payoutStatus: null,
      providerPayoutId: null,
      payoutFailureReason: null,
    },
  ],
  payoutProvider: 'manual',
  ledger: {},
  check: { ok: true, total: 0, brokenOrders: [] },
};

function serve() {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') {
        sent.push(`${method} ${url} ${String(init?.body ?? '')}`);
        return new Response(JSON.stringify({ ok: true, created: 0 }), { status: 200 });
      }
      if (url === '/api/admin/finance') return new Response(JSON.stringify(finance), { status: 200 });
      if (url.startsWith('/api/admin/approvals'))
        return new Response(JSON.stringify({ approvals: [] }), { status: 200 });
      if (url === '/api/admin/me') return new Response(JSON.stringify({ id: 'me', role: 'finance' }), { status: 200 });
      return new Response(
        JSON.stringify({ rows: [], tcs: [], gstin: '', commission: { defaultPercent: 5, categories: {} }, rates: [] }),
        {
          status: 200,
        },
      );
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AdminFinancePage />
    </QueryClientProvider>,
  );
  return sent;
}

describe('admin finance: irreversible actions are confirmed first (issue 28)', () => {
  it('names the amount and the buyer before confirming a bank transfer; Cancel sends nothing', async () => {
    const sent = serve();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm PAY-0042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the bank transfer of ₹2,36,870.00?' });
    expect(dialog).toHaveTextContent('Sharma Traders');
    expect(dialog).toHaveTextContent('ORD-2026-0042');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm PAY-0042' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm the bank transfer of ₹2,36,870.00?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Confirm transfer' }));
    await vi.waitFor(() => expect(sent).toEqual(['POST /api/admin/finance/payments/att-1/confirm {}']));
  });

  it('marks a payout paid only after a confirmation naming the amount, the seller and the UTR', async () => {
    const sent = serve();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark paid' }));
    const form = await screen.findByRole('dialog', { name: 'Mark STL-7 paid' });
    await userEvent.type(within(form).getByLabelText('UTR of the bank transfer'), 'HDFCN52026112400');
    await userEvent.click(within(form).getByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark STL-7 paid?' });
    expect(dialog).toHaveTextContent('₹1,17,811.74');
    expect(dialog).toHaveTextContent('Patil Plastics');
    expect(dialog).toHaveTextContent('UTR HDFCN52026112400');
    expect(sent).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await vi.waitFor(() =>
      expect(sent).toEqual(['POST /api/admin/settlements/stl-1/mark-paid {"reference":"HDFCN52026112400"}']),
    );
  });

  it('asks before running settlements', async () => {
    const sent = serve();
    await userEvent.click(await screen.findByRole('button', { name: 'Run settlements now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run settlements now?' });
    expect(dialog).toHaveTextContent('Every seller with money due');
    expect(sent).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run settlements' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
  });
});
