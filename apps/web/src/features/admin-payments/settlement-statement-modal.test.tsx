import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { SettlementStatementView } from '@ub/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettlementStatementModal } from './settlement-statement-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

const figures = {
  grossPaise: 11_800_000,
  commissionPaise: 500_000,
  gstOnCommissionPaise: 90_000,
  tcsPaise: 50_000,
  tdsPaise: 11_800,
  refundsPaise: 0,
  netPaise: 11_148_200,
};
const statement: SettlementStatementView = {
  id: '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
  settlementNumber: 'STL-2026-000004',
  commissionInvoiceNumber: 'PLC/2627/00004',
  creditNotes: [],
  seller: { id: 'm', companyName: 'Pune Castings', gstNumber: '27AAPFU0939F1ZV', state: 'Maharashtra' },
  periodStart: '2026-11-01',
  periodEnd: '2026-11-24',
  status: 'pending',
  utr: null,
  paidAt: null,
  createdAt: '2026-11-24T00:00:00.000Z',
  openingPaise: 0,
  closingPaise: 11_143_200,
  totals: { ...figures, refundsPaise: 5_000, netPaise: 11_143_200 },
  lines: [
    { orderId: 'a', orderNumber: 'ORD-2026-000123', kind: 'release', postedAt: '2026-11-20T00:00:00.000Z', ...figures },
    {
      orderId: 'b',
      orderNumber: 'ORD-2026-000100',
      kind: 'refund_recovery',
      postedAt: '2026-11-21T00:00:00.000Z',
      ...Object.fromEntries(Object.keys(figures).map((k) => [k, 0])),
      refundsPaise: 5_000,
      netPaise: -5_000,
    } as SettlementStatementView['lines'][number],
  ],
};

describe('admin settlement statement', () => {
  it("drills a settlement down to its orders' figures, with its downloads", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        asked.push(path);
        return new Response(JSON.stringify(statement), { status: 200 });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SettlementStatementModal id={statement.id} onClose={() => {}} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Settlement STL-2026-000004' });
    const rows = within(dialog).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('ORD-2026-000123');
    expect(rows[1]).toHaveTextContent('₹5,000.00');
    expect(rows[1]).toHaveTextContent('₹1,11,482.00');
    expect(rows[2]).toHaveTextContent('Refund recovered');
    expect(rows[2]).toHaveTextContent('-₹50.00');
    expect(within(dialog).getAllByText('₹1,11,432.00', { selector: 'dd' })).toHaveLength(2); // closing and net
    expect(within(dialog).getByRole('button', { name: 'Statement PDF' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Commission invoice PLC/2627/00004' })).toBeInTheDocument();
    expect(asked).toEqual([`/api/admin/settlements/${statement.id}/statement`]);
  });
});
