import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from './notification-bell.tsx';
import { NotificationPanel } from './notification-panel.tsx';

vi.mock('./use-notification-stream.ts', () => ({ useNotificationStream: () => {} }));

const ORDER = '1c7a4e5f-9d2b-4b66-8e1f-2a3b4c5d6e7f';
const confirm = {
  id: 'n-1',
  title: 'Confirm your order',
  message: 'RFQ-2026-000012 is now order ORD-2026-000101 for ₹1,20,000: choose the shipping address and confirm it.',
  type: 'order_awaiting_confirmation',
  link: `/buyer/orders/${ORDER}`,
  is_read: false,
  created_at: '2026-11-28T10:00:00.000Z',
};
const old = { ...confirm, id: 'n-2', title: 'Order shipped', type: 'order_update', is_read: true };

afterEach(() => vi.unstubAllGlobals());

function serve() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.startsWith('/api/notifications?')) {
        return Response.json({ notifications: [confirm, old], unread: 1, total: 2, page: 1, pageSize: 20 });
      }
      return Response.json({ ok: true });
    }),
  );
  return calls;
}

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/buyer', element },
      { path: '/buyer/orders/:id', element: <h1>Order page</h1> },
    ],
    { initialEntries: ['/buyer'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('a notification opens its record', () => {
  it('in the panel, is a link to the record: a click goes there, marks it read and closes the panel', async () => {
    const calls = serve();
    const onClose = vi.fn();
    const router = renderAt(<NotificationPanel open onClose={onClose} />);
    const link = await screen.findByRole('link', { name: 'Confirm your order' });
    expect(link).toHaveAttribute('href', `/buyer/orders/${ORDER}`);
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe(`/buyer/orders/${ORDER}`);
    expect(await screen.findByRole('heading', { name: 'Order page' })).toBeInTheDocument();
    expect(calls).toContain('PATCH /api/notifications/n-1/read');
    expect(onClose).toHaveBeenCalled();
  });

  it('in the panel, opens from the keyboard (Enter); one already read is not marked again', async () => {
    const calls = serve();
    const router = renderAt(<NotificationPanel open onClose={() => {}} />);
    const link = await screen.findByRole('link', { name: 'Order shipped' });
    link.focus();
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe(`/buyer/orders/${ORDER}`);
    expect(calls.filter((c) => c.startsWith('PATCH'))).toEqual([]);
  });

  it("in the bell's list of the newest, is a link too", async () => {
    const calls = serve();
    const router = renderAt(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: /unread/i }));
    const popover = await screen.findByRole('dialog');
    const link = within(popover).getByRole('link', { name: 'Confirm your order' });
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe(`/buyer/orders/${ORDER}`);
    expect(calls).toContain('PATCH /api/notifications/n-1/read');
  });
});
