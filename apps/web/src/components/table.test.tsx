import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Column, DataTable } from './table.tsx';

interface Row {
  id: string;
  name: string;
  total: string;
}
const rows: Row[] = [
  { id: 'a', name: 'Steel bolts', total: '₹1,200.00' },
  { id: 'b', name: 'Brass nuts', total: '₹300.00' },
];

function columns(onView: (id: string) => void): Array<Column<Row>> {
  return [
    { id: 'name', header: 'Product Name', sortable: true, cell: (r) => r.name },
    { id: 'total', header: 'Total', cell: (r) => r.total },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (r) => (
        <button type="button" onClick={() => onView(r.id)}>
          View
        </button>
      ),
    },
  ];
}

/** The screen width as the table's media query sees it. */
function screenWidth(px: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: px >= Number(/min-width: (\d+)px/.exec(query)?.[1] ?? 0),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('DataTable', () => {
  it('renders a table with every column and the actions pinned to the right on wide screens', async () => {
    screenWidth(1280);
    const onView = vi.fn();
    render(<DataTable label="Products" columns={columns(onView)} rows={rows} rowId={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Products' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product Name', 'Total', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('columnheader', { name: 'Actions' }).className).toContain('sticky');
    await userEvent.click(within(within(table).getAllByRole('row')[2] as HTMLElement).getByRole('button'));
    expect(onView).toHaveBeenCalledWith('b');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('renders one card per row with label: value lines and the actions at the bottom on phones', async () => {
    screenWidth(375);
    const onView = vi.fn();
    render(<DataTable label="Products" columns={columns(onView)} rows={rows} rowId={(r) => r.id} />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Products' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByText('Product Name')).toBeInTheDocument();
    expect(within(first).getByText('Steel bolts')).toBeInTheDocument();
    expect(within(first).queryByText('Actions')).toBeNull();
    await userEvent.click(within(first).getByRole('button', { name: 'View' }));
    expect(onView).toHaveBeenCalledWith('a');
  });

  it('sorts only by the columns the API sorts, flipping the direction of the current one', async () => {
    screenWidth(1280);
    const onSort = vi.fn();
    const { rerender } = render(
      <DataTable label="Products" columns={columns(() => {})} rows={rows} rowId={(r) => r.id} onSort={onSort} />,
    );
    expect(within(screen.getByRole('columnheader', { name: 'Total' })).queryByRole('button')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Product Name' }));
    expect(onSort).toHaveBeenLastCalledWith({ id: 'name', desc: false });
    rerender(
      <DataTable
        label="Products"
        columns={columns(() => {})}
        rows={rows}
        rowId={(r) => r.id}
        sort={{ id: 'name', desc: false }}
        onSort={onSort}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Product Name' })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: 'Product Name' }));
    expect(onSort).toHaveBeenLastCalledWith({ id: 'name', desc: true });
  });

  it('keeps the rows it already shows when the page re-renders with columns built anew, so focus stays put', () => {
    screenWidth(1280);
    const { rerender } = render(
      <DataTable label="Products" columns={columns(() => {})} rows={rows} rowId={(r) => r.id} />,
    );
    const button = screen.getAllByRole('button', { name: 'View' })[0] as HTMLElement;
    button.focus();
    // A list page builds its columns inline: every render hands the table new column objects.
    rerender(<DataTable label="Products" columns={columns(() => {})} rows={rows} rowId={(r) => r.id} />);
    expect(button.isConnected).toBe(true);
    expect(button).toHaveFocus();
  });
});
