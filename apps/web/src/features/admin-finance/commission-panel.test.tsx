import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommissionPanel, commissionFromForm } from './commission-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('admin commission by category', () => {
  it('reads the form as the contract: blank categories take the default, out-of-range is refused', () => {
    const ok = commissionFromForm('5', { toys: '7.25', packaging: '' });
    expect(ok.success && ok.data).toEqual({ defaultPercent: 5, categories: { toys: 7.25 } });
    const tooHigh = commissionFromForm('5', { toys: '60' });
    expect(tooHigh.success).toBe(false);
    expect(tooHigh.error?.issues[0]?.message).toBe('Commission must be at most 50 %.');
    expect(commissionFromForm('', {}).success).toBe(false);
  });

  it('shows the saved percents and sends the change', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          sent.push(JSON.parse(String(init.body)));
          return new Response(String(init.body), { status: 200 });
        }
        return new Response(
          JSON.stringify({
            commission: { defaultPercent: 5, categories: { packaging: 3 } },
            rates: [{ id: 'r', code: 'tds_194o', ratePpm: 1000, effectiveFrom: '2024-10-01', source: 's.194-O' }],
          }),
        );
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CommissionPanel />
      </QueryClientProvider>,
    );
    expect(await screen.findByLabelText('Packaging (%)')).toHaveValue('3');
    expect(screen.getByText('TDS s.194-O')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Toys (%)'), '75');
    expect(screen.getByRole('alert')).toHaveTextContent('Commission must be at most 50 %.');
    expect(screen.getByRole('button', { name: 'Save commission' })).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Toys (%)'));
    await userEvent.type(screen.getByLabelText('Toys (%)'), '7.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save commission' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ defaultPercent: 5, categories: { toys: 7.5, packaging: 3 } });
  });
});
