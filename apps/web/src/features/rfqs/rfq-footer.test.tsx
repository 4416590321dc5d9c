import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { RfqItem } from '@ub/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RfqFooter } from './rfqs-page.tsx';

const rfq: RfqItem = {
  id: 'r1',
  rfqNumber: 'RFQ-0001',
  productName: 'Teddy Bear',
  buyerCompany: 'Toy Mart',
  buyerContact: 'Asha',
  sellerCompany: 'Sharma Toys',
  category: null,
  requestedQuantity: 100,
  targetPrice: '300.00',
  estimatedValue: '30000.00',
  deadline: null,
  description: null,
  specifications: [],
  status: 'accepted',
  rejectionReason: null,
  agreedPrice: '310.00',
  agreedQuantity: 100,
  agreedGstRate: null,
  orderId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  originalProduct: { name: 'Teddy Bear', image: null, yourPrice: '320.00', gstPercentage: '18.00' },
  offers: [],
  waitingFor: null,
};

function show(item: RfqItem) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RfqFooter rfq={item} closed onAction={() => {}} onConverted={() => {}} />
    </QueryClientProvider>,
  );
}

describe('a closed RFQ’s footer', () => {
  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  it('offers Convert to order for an accepted RFQ without saying no action is available', () => {
    show(rfq);
    expect(screen.getByRole('button', { name: 'Convert to order' })).toBeInTheDocument();
    expect(screen.queryByText(/No further actions available/)).toBeNull();
    expect(screen.getByText('This RFQ has been accepted.')).toBeInTheDocument();
  });

  it('says no action is available once the order exists', () => {
    show({ ...rfq, orderId: 'o1' });
    expect(screen.queryByRole('button', { name: 'Convert to order' })).toBeNull();
    expect(screen.getByText('This RFQ has been accepted. No further actions available.')).toBeInTheDocument();
  });

  it('says no action is available for a rejected RFQ', () => {
    show({ ...rfq, status: 'rejected', agreedPrice: null, agreedQuantity: null });
    expect(screen.getByText('This RFQ has been rejected. No further actions available.')).toBeInTheDocument();
  });
});
