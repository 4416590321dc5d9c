import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OperatorReturns, quarterOf } from './operator-returns.tsx';

describe('Finance > Operator returns', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the financial-year quarter of a month as the TDS statement does', () => {
    expect(quarterOf('2026-05')).toBe('2026-27-Q1');
    expect(quarterOf('2026-09')).toBe('2026-27-Q2');
    expect(quarterOf('2026-12')).toBe('2026-27-Q3');
    expect(quarterOf('2027-03')).toBe('2026-27-Q4');
  });

  it("shows the month's GSTR-8 rows from the server and the TCS they add up to", async () => {
    const gstr8 = {
      gstin: '27AAFCU5055K1ZZ',
      fp: '112026',
      tcs: [
        {
          stin: '27AAPFU0939F1ZV',
          supR: 2300,
          retsupR: 0,
          supU: 1700,
          retsupU: 200,
          amt: 3800,
          iamt: 11.5,
          camt: 3.75,
          samt: 3.75,
        },
        {
          stin: '29AAACV1234F1Z5',
          supR: 500,
          retsupR: 0,
          supU: 0,
          retsupU: 0,
          amt: 500,
          iamt: 0,
          camt: 1.25,
          samt: 1.25,
        },
      ],
    };
    const fetch = vi.fn(async (_input: RequestInfo | URL) => new Response(JSON.stringify(gstr8), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OperatorReturns />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('27AAFCU5055K1ZZ', { exact: false })).toBeInTheDocument();
    // 11.50 + 3.75 + 3.75 + 1.25 + 1.25
    expect(screen.getByText('₹21.50')).toBeInTheDocument();
    expect(screen.getAllByText('27AAPFU0939F1ZV')).toHaveLength(1);
    expect(screen.queryByText('Place of supply')).toBeNull();
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/^\/api\/admin\/finance\/gstr8\?month=\d{4}-\d{2}$/);
    expect(screen.getByRole('button', { name: /TDS 194-O, quarter \d{4}-\d{2}-Q[1-4]/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Platform GSTR-1 JSON' })).toBeEnabled();
  });
});
