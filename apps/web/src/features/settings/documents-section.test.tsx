import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentsSection } from './documents-section.tsx';

const doc = (id: string, kind: string, kindLabel: string, reviewStatus: string, reviewReason: string | null) => ({
  id,
  kind,
  kindLabel,
  name: `${kind}.pdf`,
  mime: 'application/pdf',
  url: `/api/settings/documents/${id}/file`,
  reviewStatus,
  reviewReason,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('Settings > Documents', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each document’s review status, and the reason of a rejection', async () => {
    const documents = [
      doc('d1', 'gst_certificate', 'GST certificate', 'approved', null),
      doc('d2', 'pan', 'PAN', 'rejected', 'Documents unreadable'),
      doc('d3', 'udyam', 'Udyam/MSME', 'pending', null),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ documents }), { status: 200 })),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DocumentsSection />
      </QueryClientProvider>,
    );
    const rows = await screen.findAllByRole('listitem');
    expect(within(rows[0] as HTMLElement).getByText('Approved')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Rejected')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Reason: Documents unreadable')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Pending review')).toBeInTheDocument();
  });
});
