import { type ColumnDef, getCoreRowModel, type SortingState, useReactTable } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type ReactNode, useSyncExternalStore } from 'react';

/** One column of a list: what the table header and the phone card both show. */
export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Only where the API sorts by this column: the header becomes a sort button. */
  sortable?: boolean;
  /** The row's buttons: pinned to the right edge of the table, at the bottom of a card. */
  actions?: boolean;
  align?: 'left' | 'right';
  /** Extra classes for this column's cells (e.g. a minimum width). */
  className?: string;
}

export interface Sort {
  id: string;
  desc: boolean;
}

interface ColumnMeta {
  column: Column<never>;
}

/** Below this width (Tailwind's `md`) the rows render as cards. */
const WIDE = '(min-width: 768px)';

function subscribe(onChange: () => void) {
  const mq = window.matchMedia(WIDE);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

/** Whether the screen is wide enough for a table; only one of table and cards is in the DOM. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}

/**
 * The rows of a server-paginated list, described by columns. TanStack Table holds the column model and the sort
 * state (sorting and paging happen on the server); the markup is ours. Wide screens get a table whose cells wrap
 * so it fits, with the actions column pinned to the right edge so it can never scroll out of view; phones get
 * one card per row with "label: value" lines and the actions at the bottom.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowId,
  sort,
  onSort,
}: {
  label: string;
  columns: Array<Column<T>>;
  rows: T[];
  rowId: (row: T) => string;
  sort?: Sort | null;
  onSort?: (sort: Sort) => void;
}) {
  const wide = useWideScreen();
  const defs: Array<ColumnDef<T>> = columns.map((c) => ({
    id: c.id,
    // TanStack only lets a column with an accessor sort; the server sorts, so the value itself is never read.
    accessorFn: (row) => row,
    header: c.header,
    enableSorting: Boolean(c.sortable && onSort),
    sortDescFirst: false,
    meta: { column: c } satisfies ColumnMeta,
  }));
  const sorting: SortingState = sort ? [sort] : [];
  const table = useReactTable({
    data: rows,
    columns: defs,
    getRowId: rowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      if (next[0] && onSort) onSort(next[0]);
    },
  });
  // Cells are rendered by calling the column's own function, not through flexRender: flexRender mounts a function
  // as a component, and the pages build their columns inline, so every render would be a new component type and
  // React would remount every cell (a focused button in a row would lose focus whenever the list re-renders).
  const meta = (m: unknown) => (m as ColumnMeta).column as unknown as Column<T>;

  if (!wide) {
    return (
      <ul aria-label={label} className="divide-y divide-slate-100">
        {table.getRowModel().rows.map((row) => {
          const cells = row.getVisibleCells();
          const actions = cells.filter((c) => meta(c.column.columnDef.meta).actions);
          return (
            <li key={row.id} className="space-y-1.5 p-4 text-sm">
              <dl className="space-y-1.5">
                {cells
                  .filter((c) => !meta(c.column.columnDef.meta).actions)
                  .map((cell) => (
                    <div key={cell.id} className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-2">
                      <dt className="text-slate-500">{meta(cell.column.columnDef.meta).header}</dt>
                      <dd className="min-w-0 break-words text-slate-800">
                        {meta(cell.column.columnDef.meta).cell(cell.row.original)}
                      </dd>
                    </div>
                  ))}
              </dl>
              {actions.map((cell) => (
                <div key={cell.id} className="flex flex-wrap gap-2 pt-2">
                  {meta(cell.column.columnDef.meta).cell(cell.row.original)}
                </div>
              ))}
            </li>
          );
        })}
      </ul>
    );
  }

  const pinned = 'sticky right-0 shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.15)]';
  return (
    <div className="overflow-x-auto">
      <table aria-label={label} className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-500">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const c = meta(header.column.columnDef.meta);
                const dir = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={dir ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                    className={`px-4 py-3 font-semibold ${c.align === 'right' ? 'text-right' : ''} ${c.actions ? `${pinned} bg-slate-50 text-right` : ''}`}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                      >
                        {c.header}
                        {dir === 'asc' ? (
                          <ArrowUp aria-hidden className="size-3.5" />
                        ) : dir === 'desc' ? (
                          <ArrowDown aria-hidden className="size-3.5" />
                        ) : (
                          <ArrowUpDown aria-hidden className="size-3.5 opacity-50" />
                        )}
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="align-middle">
              {row.getVisibleCells().map((cell) => {
                const c = meta(cell.column.columnDef.meta);
                return (
                  <td
                    key={cell.id}
                    className={`px-4 py-3 break-words text-slate-700 ${c.align === 'right' ? 'text-right' : ''} ${c.actions ? `${pinned} bg-white` : ''} ${c.className ?? ''}`}
                  >
                    {c.actions ? (
                      <div className="flex flex-wrap justify-end gap-2">
                        {meta(cell.column.columnDef.meta).cell(cell.row.original)}
                      </div>
                    ) : (
                      meta(cell.column.columnDef.meta).cell(cell.row.original)
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function StatCard({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 py-3">
      <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
    </div>
  );
}
