import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminContentPage from '../admin-content/admin-content-page.tsx';
import AdminPaymentsPage from './admin-payments-page.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The page at `url` with a stubbed API that records the paths asked for and answers empty lists. */
function renderPage(Page: ComponentType, url: string) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      asked.push(path.split('?')[0] ?? path);
      const body = { payments: [], settlements: [], leads: [], messages: [], total: 0 };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { asked, router };
}

describe.each([
  {
    page: 'Payments',
    Page: AdminPaymentsPage,
    first: { tab: 'Buyer payments', api: '/api/admin/payments' },
    second: { tab: 'Settlements', value: 'settlements', api: '/api/admin/settlements' },
  },
  {
    page: 'Content',
    Page: AdminContentPage,
    first: { tab: 'Leads', api: '/api/admin/leads' },
    second: { tab: 'Contact messages', value: 'messages', api: '/api/admin/contact-messages' },
  },
])('admin $page page tabs', ({ Page, first, second }) => {
  it('moves between its tabs with the arrow keys, keeps the tab in the URL and shows its panel', async () => {
    const { asked, router } = renderPage(Page, '/admin/x');
    const tab = screen.getByRole('tab', { name: first.tab });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: first.tab })).toBeInTheDocument();
    await vi.waitFor(() => expect(asked).toContain(first.api));

    const user = userEvent.setup();
    await user.click(tab);
    await user.keyboard('{ArrowRight}');
    await vi.waitFor(() =>
      expect(screen.getByRole('tab', { name: second.tab })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(screen.getByRole('tab', { name: second.tab })).toHaveFocus();
    expect(router.state.location.search).toBe(`?tab=${second.value}`);
    expect(screen.getByRole('tabpanel', { name: second.tab })).toBeInTheDocument();
    await vi.waitFor(() => expect(asked).toContain(second.api));
  });

  it('opens on the tab the URL names', () => {
    renderPage(Page, `/admin/x?tab=${second.value}`);
    expect(screen.getByRole('tab', { name: second.tab })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: first.tab })).toHaveAttribute('aria-selected', 'false');
  });
});
