import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Payout, PayoutsList } from './payouts-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const base = { seller: 'Patil Plastics', netPaise: 12_345_00, providerPayoutId: null, payoutFailureReason: null };
const payouts: Payout[] = [
  { ...base, id: 'a', settlementNumber: 'STL-1', payoutStatus: null },
  { ...base, id: 'b', settlementNumber: 'STL-2', payoutStatus: 'processing', providerPayoutId: 'pout_Abc123' },
  {
    ...base,
    id: 'c',
    settlementNumber: 'STL-3',
    payoutStatus: 'failed',
    payoutFailureReason: 'The beneficiary bank returned the payout.',
  },
];

function show(provider: 'manual' | 'razorpayx', onMarkPaid = vi.fn(), onChanged = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PayoutsList
        payouts={payouts}
        provider={provider}
        onMarkPaid={onMarkPaid}
        onStatement={vi.fn()}
        onChanged={onChanged}
      />
    </QueryClientProvider>,
  );
}

describe('admin payouts list', () => {
  it('with RazorpayX: pays a pending settlement through it, shows one under way and the reason of a failed one', async () => {
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        sent.push(`${init?.method} ${url}`);
        return new Response(JSON.stringify({ id: 'a', payoutStatus: 'requested' }), { status: 200 });
      }),
    );
    const onChanged = vi.fn();
    show('razorpayx', vi.fn(), onChanged);
    expect(screen.queryByRole('button', { name: 'Mark paid' })).not.toBeInTheDocument();
    expect(screen.getByText('Processing: pout_Abc123')).toBeInTheDocument();
    expect(screen.getByText('Last payout failed: The beneficiary bank returned the payout.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay STL-3 via RazorpayX' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay STL-2 via RazorpayX' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay STL-1 via RazorpayX' }));
    // Nothing is sent before the confirmation that names the amount and the seller.
    const dialog = await screen.findByRole('dialog', { name: 'Pay ₹12,345.00 via RazorpayX?' });
    expect(dialog).toHaveTextContent('Patil Plastics');
    expect(dialog).toHaveTextContent('STL-1');
    expect(sent).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(sent).toEqual(['POST /api/admin/settlements/a/payout']);
  });

  it('with the manual provider: the UTR form, no RazorpayX button', async () => {
    const onMarkPaid = vi.fn();
    show('manual', onMarkPaid);
    expect(screen.queryByRole('button', { name: /via RazorpayX/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Mark paid' })[0] as HTMLElement);
    expect(onMarkPaid).toHaveBeenCalledWith(payouts[0]);
  });
});
