import { type BoardRequirement, formatDate, formatInr, INDIAN_STATE_NAMES } from '@ub/shared';
import { Paperclip } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../../components/feedback.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { SearchBox } from '../../../components/tabs.tsx';
import { type Column, DataTable } from '../../../components/table.tsx';
import { useT } from '../../../lib/i18n.tsx';
import { useListState } from '../../../lib/use-list-state.ts';
import { categoryText, quantityText } from '../../../components/trade-words.ts';
import { useBoard } from '../api/board.ts';
import { QuoteModal } from './quote-modal.tsx';

const STATES = ['', ...INDIAN_STATE_NAMES] as const;

/**
 * The requirements board (a tab of RFQ Management): buyers' open requirements in the seller's categories, newest
 * first, filtered by delivery state and searched; a row opens the requirement (`?requirement=<id>`, the link new
 * requirement notifications carry) with the quote form.
 */
export function RequirementsBoard() {
  const t = useT();
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
      header: t('requirements.columns.requirement'),
      cell: (r) => (
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{r.title}</p>
          <p className="text-xs text-slate-500">
            {r.number} · {categoryText(t, r.category)}
          </p>
          {r.attachments.length > 0 && (
            <p className="flex items-center gap-1 text-xs text-slate-600">
              <Paperclip aria-hidden="true" className="h-3 w-3 shrink-0" />
              {t('requirements.board.attachmentCount', { count: r.attachments.length })}
            </p>
          )}
        </div>
      ),
    },
    {
      id: 'quantity',
      header: t('requirements.fields.quantity'),
      align: 'right',
      cell: (r) => quantityText(t, r.quantity, r.unit),
    },
    {
      id: 'target',
      header: t('requirements.fields.targetPrice'),
      align: 'right',
      cell: (r) => (r.targetPrice ? formatInr(r.targetPrice) : '—'),
    },
    { id: 'deliver', header: t('requirements.fields.deliverTo'), cell: (r) => `${r.deliveryState} ${r.pinCode}` },
    { id: 'deadline', header: t('requirements.fields.quotesBy'), cell: (r) => formatDate(r.deadline) },
    {
      id: 'mine',
      header: t('requirements.board.myQuote'),
      cell: (r) =>
        r.myQuote ? (
          <Badge tone="green">{t('requirements.board.quoted', { price: formatInr(r.myQuote.pricePerUnit) })}</Badge>
        ) : (
          <span className="text-slate-500">{t('requirements.board.notYet')}</span>
        ),
    },
    {
      id: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (r) => (
        <button
          type="button"
          className="font-semibold text-brand-700 hover:underline"
          onClick={() => setOpen(r.id)}
          aria-label={t(r.myQuote ? 'requirements.board.reviseOn' : 'requirements.board.quoteOn', { number: r.number })}
        >
          {r.myQuote ? t('requirements.board.revise') : t('requirements.board.quote')}
        </button>
      ),
    },
  ];

  return (
    <div className="mt-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchBox placeholder={t('requirements.board.search')} value={list.search} onChange={list.setSearch} />
        <select
          aria-label={t('requirements.form.deliveryState')}
          value={list.filters.state}
          onChange={(e) => list.setFilter('state', e.target.value)}
          className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm sm:w-56"
        >
          <option value="">{t('requirements.board.allStates')}</option>
          {INDIAN_STATE_NAMES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <ListPanel
        query={query}
        loadingLabel={t('requirements.board.loading')}
        empty={!data || data.requirements.length === 0}
        emptyTitle={t('requirements.board.emptyTitle')}
        emptyText={t('requirements.board.emptyText')}
      >
        {data && (
          <DataTable label={t('rfqs.tabs.board')} columns={columns} rows={data.requirements} rowId={(r) => r.id} />
        )}
      </ListPanel>
      {data && <Pagination page={list.page} pageSize={data.pageSize} total={data.total} onChange={list.setPage} />}
      {openId && <QuoteModal key={openId} id={openId} onClose={() => setOpen(null)} />}
    </div>
  );
}
