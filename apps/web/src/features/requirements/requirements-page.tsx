import { formatDate, REQUIREMENT_STATUSES, type RequirementStatus, type RequirementSummary } from '@ub/shared';
import { Link } from 'react-router';
import { PageHeader } from '../../components/feedback.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { type Column, DataTable } from '../../components/table.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useListState } from '../../lib/use-list-state.ts';
import { quantityText } from '../../components/trade-words.ts';
import { useBuyerRequirements } from './api/buyer-requirements.ts';
import { RequirementStatusBadge } from './components/requirement-bits.tsx';

const STATUS_FILTERS = ['', ...REQUIREMENT_STATUSES] as const;

/** /buyer/requirements: the buyer's requirements with their status and how many quotes each has. */
export default function RequirementsPage() {
  const t = useT();
  const tabs = [
    { value: '', label: t('common.all') },
    ...REQUIREMENT_STATUSES.map((s) => ({ value: s, label: t(`status.requirement.${s}`) })),
  ];
  const list = useListState({ status: '' as RequirementStatus | '' }, { status: STATUS_FILTERS });
  const { status } = list.filters;
  const query = useBuyerRequirements(status, list.page);
  const { data } = query;
  const columns: Array<Column<RequirementSummary>> = [
    {
      id: 'what',
      header: t('requirements.columns.requirement'),
      cell: (r) => (
        <div>
          <Link to={`/buyer/requirements/${r.id}`} className="font-medium text-slate-900 hover:underline">
            {r.title}
          </Link>
          <p className="text-xs text-slate-500">{r.number}</p>
        </div>
      ),
    },
    {
      id: 'quantity',
      header: t('requirements.fields.quantity'),
      align: 'right',
      cell: (r) => quantityText(t, r.quantity, r.unit),
    },
    { id: 'deadline', header: t('requirements.fields.quotesBy'), cell: (r) => formatDate(r.deadline) },
    { id: 'quotes', header: t('requirements.columns.quotes'), align: 'right', cell: (r) => String(r.quoteCount) },
    { id: 'status', header: t('common.status'), cell: (r) => <RequirementStatusBadge status={r.status} /> },
    {
      id: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (r) => (
        <Link
          to={`/buyer/requirements/${r.id}`}
          className="font-semibold text-brand-700 hover:underline"
          aria-label={t('requirements.viewAria', { number: r.number })}
        >
          {r.status === 'open' && r.quoteCount > 0 ? t('requirements.mine.compare') : t('common.view')}
        </Link>
      ),
    },
  ];
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={t('requirements.mine.title')}
        description={t('requirements.mine.description')}
        actions={
          <Link
            to="/buyer/requirements/new"
            className="inline-flex items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t('requirements.new.title')}
          </Link>
        }
      />
      <Tabs
        label={t('requirements.mine.tabsLabel')}
        tabs={tabs}
        value={status}
        onChange={(v) => list.setFilter('status', v as RequirementStatus | '')}
      />
      <ListPanel
        query={query}
        loadingLabel={t('requirements.mine.loading')}
        empty={!data || data.requirements.length === 0}
        emptyTitle={t('requirements.mine.emptyTitle')}
        emptyText={t('requirements.mine.emptyText')}
      >
        {data && (
          <DataTable
            label={t('requirements.mine.title')}
            columns={columns}
            rows={data.requirements}
            rowId={(r) => r.id}
          />
        )}
      </ListPanel>
      {data && <Pagination page={list.page} pageSize={data.pageSize} total={data.total} onChange={list.setPage} />}
    </div>
  );
}
