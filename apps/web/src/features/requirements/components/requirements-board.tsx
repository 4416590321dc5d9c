import {
  type BoardRequirement,
  CATEGORY_LABELS,
  formatDate,
  formatInr,
  formatQuantity,
  INDIAN_STATE_NAMES,
  labelOf,
} from '@ub/shared';
import { Paperclip } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../../components/feedback.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { SearchBox } from '../../../components/tabs.tsx';
import { type Column, DataTable } from '../../../components/table.tsx';
import { useListState } from '../../../lib/use-list-state.ts';
import { useBoard } from '../api/board.ts';
import { QuoteModal } from './quote-modal.tsx';

const STATES = ['', ...INDIAN_STATE_NAMES] as const;

/**
 * The requirements board (a tab of RFQ Management): buyers' open requirements in the seller's categories, newest
 * first, filtered by delivery state and searched; a row opens the requirement (`?requirement=<id>`, the link new
 * requirement notifications carry) with the quote form.
 */
export function RequirementsBoard() {
  const list = useListState({ state: '' }, { state: STATES });
  const [params, setParams] = useSearchParams();
  const openId = params.get('requirement');
  const setOpen = (id: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id) next.set('requirement', id);
      else next.delete('requirement');
      return next;
    });
  const query = useBoard({ page: list.page, search: list.term, state: list.filters.state });
  const { data } = query;

  const columns: Array<Column<BoardRequirement>> = [
    {
      id: 'what',
      header: 'Requirement',
      cell: (r) => (
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{r.title}</p>
          <p className="text-xs text-slate-500">
            {r.number} · {labelOf(CATEGORY_LABELS, r.category)}
          </p>
          {r.attachments.length > 0 && (
            <p className="flex items-center gap-1 text-xs text-slate-600">
              <Paperclip aria-hidden="true" className="h-3 w-3 shrink-0" />
              {r.attachments.length} {r.attachments.length === 1 ? 'attachment' : 'attachments'}
            </p>
          )}
        </div>
      ),
    },
    { id: 'quantity', header: 'Quantity', align: 'right', cell: (r) => formatQuantity(r.quantity, r.unit) },
    {
      id: 'target',
      header: 'Target price',
      align: 'right',
      cell: (r) => (r.targetPrice ? formatInr(r.targetPrice) : '—'),
    },
    { id: 'deliver', header: 'Deliver to', cell: (r) => `${r.deliveryState} ${r.pinCode}` },
    { id: 'deadline', header: 'Quotes by', cell: (r) => formatDate(r.deadline) },
    {
      id: 'mine',
      header: 'My quote',
      cell: (r) =>
        r.myQuote ? (
          <Badge tone="green">Quoted {formatInr(r.myQuote.pricePerUnit)}</Badge>
        ) : (
          <span className="text-slate-500">Not yet</span>
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (r) => (
        <button
          type="button"
          className="font-semibold text-brand-700 hover:underline"
          onClick={() => setOpen(r.id)}
          aria-label={`${r.myQuote ? 'Revise quote on' : 'Quote on'} ${r.number}`}
        >
          {r.myQuote ? 'Revise quote' : 'Quote'}
        </button>
      ),
    },
  ];

  return (
    <div className="mt-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchBox placeholder="Search requirements" value={list.search} onChange={list.setSearch} />
        <select
          aria-label="Delivery state"
          value={list.filters.state}
          onChange={(e) => list.setFilter('state', e.target.value)}
          className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm sm:w-56"
        >
          <option value="">All delivery states</option>
          {INDIAN_STATE_NAMES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <ListPanel
        query={query}
        loadingLabel="Loading the requirements board..."
        empty={!data || data.requirements.length === 0}
        emptyTitle="No open requirements"
        emptyText="Buyers' requirements in your categories appear here, newest first."
      >
        {data && (
          <DataTable label="Requirements board" columns={columns} rows={data.requirements} rowId={(r) => r.id} />
        )}
      </ListPanel>
      {data && <Pagination page={list.page} pageSize={data.pageSize} total={data.total} onChange={list.setPage} />}
      {openId && <QuoteModal key={openId} id={openId} onClose={() => setOpen(null)} />}
    </div>
  );
}
