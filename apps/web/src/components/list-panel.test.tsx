import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListPanel, type ListQuery } from './list-panel.tsx';

const idle: ListQuery = { isPending: false, isFetching: false, error: null, refetch: () => {} };

function panel(query: ListQuery, empty = false) {
  return render(
    <ListPanel query={query} loadingLabel="Loading orders..." empty={empty} emptyTitle="No orders found">
      <p>the rows</p>
    </ListPanel>,
  );
}

describe('ListPanel', () => {
  it('shows the loading state, then the rows', () => {
    const { rerender } = panel({ ...idle, isPending: true, isFetching: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading orders...');
    rerender(
      <ListPanel query={idle} loadingLabel="Loading orders..." empty={false} emptyTitle="No orders found">
        <p>the rows</p>
      </ListPanel>,
    );
    expect(screen.getByText('the rows')).toBeInTheDocument();
  });

  it('shows the empty state instead of the rows', () => {
    panel(idle, true);
    expect(screen.getByText('No orders found')).toBeInTheDocument();
    expect(screen.queryByText('the rows')).toBeNull();
  });

  it('shows the error message and a Retry that asks again', async () => {
    const refetch = vi.fn();
    panel({ ...idle, error: new Error('Could not reach the server.'), refetch });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not reach the server.');
    expect(screen.queryByText('the rows')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
