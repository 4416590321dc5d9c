import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminManufacturersPage from './admin-manufacturers-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const waiting = {
  id: '4f0a6b7c-8d9e-4f01-a2b3-c4d5e6f70812',
  name: 'Kolhapur Foundry Works',
  contactPerson: 'Sunil Patil',
  email: 'sunil@kolhapurfoundry.in',
  contact: '9876500001',
  regDate: '2026-11-20T04:30:00.000Z',
  status: 'under_review',
  statusLabel: 'Under review',
  statusReason: null,
  gst: '27AAPFU0939F1ZV',
  address: 'MIDC Shiroli, Kolhapur',
  state: 'Maharashtra',
  category: 'industrial',
};

function serve(role: string) {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        sent.push(url);
        return new Response(JSON.stringify({ ...waiting, status: 'approved', statusLabel: 'Approved' }), {
          status: 200,
        });
      }
      if (url === '/api/admin/me') return new Response(JSON.stringify({ id: 'me', role }), { status: 200 });
      return new Response(JSON.stringify({ manufacturers: [waiting], total: 1, page: 1, pageSize: 20 }), {
        status: 200,
      });
    }),
  );
  const router = createMemoryRouter(
    [{ path: '/admin/manufacturers', element: <AdminManufacturersPage />, children: [{ path: ':id', element: null }] }],
    { initialEntries: ['/admin/manufacturers'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return sent;
}

describe('approving a seller (issue 28)', () => {
  it('asks first, naming the seller, and approves only on confirmation', async () => {
    const sent = serve('moderator');
    await userEvent.click((await screen.findAllByRole('button', { name: 'Approve' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Approve this seller?' });
    expect(dialog).toHaveTextContent('Kolhapur Foundry Works');
    expect(sent).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve seller' }));
    await vi.waitFor(() => expect(sent).toEqual([`/api/admin/manufacturers/${waiting.id}/approve`]));
  });

  it('offers no verification to a finance admin', async () => {
    serve('finance');
    expect(await screen.findAllByText('Kolhapur Foundry Works')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });
});
