import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useListState, useRecordRoute } from './use-list-state.ts';

const TABS = ['all', 'pending', 'completed'] as const;

function List() {
  const list = useListState({ tab: 'all' as (typeof TABS)[number] }, { tab: TABS });
  const record = useRecordRoute();
  return (
    <div>
      <p data-testid="view">
        tab={list.filters.tab} q={list.term} page={list.page} open={record.openId ?? '-'}
      </p>
      <input aria-label="Search" value={list.search} onChange={(e) => list.setSearch(e.target.value)} />
      <button type="button" onClick={() => list.setFilter('tab', 'pending')}>
        Pending
      </button>
      <button type="button" onClick={() => list.setPage(list.page + 1)}>
        Next
      </button>
      <button type="button" onClick={() => record.open('o-7')}>
        Open
      </button>
      <button type="button" onClick={record.close}>
        Close
      </button>
    </div>
  );
}

function mount(url: string) {
  const router = createMemoryRouter([{ path: '/orders', Component: List, children: [{ path: ':id' }] }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  const view = () => screen.getByTestId('view').textContent;
  const where = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, view, where };
}

afterEach(() => vi.useRealTimers());

describe('useListState', () => {
  it('reads the view from the URL, and a value it does not know as the default', () => {
    expect(mount('/orders?tab=pending&q=bolts&page=3').view()).toBe('tab=pending q=bolts page=3 open=-');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('bolts');
  });

  it('ignores an unknown tab and a page that is not a positive number', () => {
    expect(mount('/orders?tab=nope&page=-2').view()).toBe('tab=all q= page=1 open=-');
  });

  it('pushes page changes; a new filter goes back to page 1 and Back restores the previous view', async () => {
    const { router, view, where } = mount('/orders');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(where()).toBe('/orders?page=3');
    await userEvent.click(screen.getByRole('button', { name: 'Pending' }));
    expect(where()).toBe('/orders?tab=pending');
    await act(() => router.navigate(-1));
    expect(view()).toBe('tab=all q= page=3 open=-');
  });

  it('puts the search into the URL once typing pauses, replacing the entry and resetting the page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router, where } = mount('/orders?page=4');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'nuts ');
    expect(where()).toBe('/orders?page=4');
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(where()).toBe('/orders?q=nuts');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('nuts ');
    // Replaced, not pushed: Back leaves the list instead of stepping through the search.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps a filter chosen while the search is settling when the search reaches the URL', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { view, where } = mount('/orders');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'nuts');
    await user.click(screen.getByRole('button', { name: 'Pending' }));
    expect(where()).toBe('/orders?tab=pending');
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(where()).toBe('/orders?tab=pending&q=nuts');
    expect(view()).toBe('tab=pending q=nuts page=1 open=-');
  });

  it('does not pull a person back to the list when the search settles while the record they opened loads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let loaded: (() => void) | undefined;
    const router = createMemoryRouter(
      [
        { path: '/orders', Component: List },
        {
          path: '/orders/:id',
          lazy: () =>
            new Promise((resolve) => {
              loaded = () => resolve({ Component: () => <p>Record</p> });
            }),
        },
      ],
      { initialEntries: ['/orders'] },
    );
    render(<RouterProvider router={router} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'nuts');
    let opened: Promise<void> | undefined;
    act(() => {
      opened = router.navigate('/orders/o-7');
    });
    await act(() => vi.advanceTimersByTimeAsync(400));
    loaded?.();
    await act(async () => opened);
    expect(router.state.location.pathname).toBe('/orders/o-7');
    expect(await screen.findByText('Record')).toBeInTheDocument();
  });

  it('opens a record under the list keeping its query string; closing goes back to the list', async () => {
    const { view, where } = mount('/orders?tab=pending&page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(where()).toBe('/orders/o-7?tab=pending&page=2');
    expect(view()).toBe('tab=pending q= page=2 open=o-7');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(where()).toBe('/orders?tab=pending&page=2');
  });

  it('shows the record of a shared link over its list, and closing it stays on the list', async () => {
    const { view, where } = mount('/orders/o-9?q=bolts');
    expect(view()).toBe('tab=all q=bolts page=1 open=o-9');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(where()).toBe('/orders?q=bolts');
  });
});
