import {
  formatDate,
  formatQuantity,
  REQUIREMENT_STATUS_LABELS,
  REQUIREMENT_STATUSES,
  type RequirementStatus,
  type RequirementSummary,
} from '@ub/shared';
import { Link } from 'react-router';
import { PageHeader } from '../../components/feedback.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { type Column, DataTable } from '../../components/table.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { useListState } from '../../lib/use-list-state.ts';
import { useBuyerRequirements } from './api/buyer-requirements.ts';
import { RequirementStatusBadge } from './components/requirement-bits.tsx';

const TABS = [
  { value: '', label: 'All' },
  ...REQUIREMENT_STATUSES.map((s) => ({ value: s, label: REQUIREMENT_STATUS_LABELS[s] })),
] as const;
const STATUS_FILTERS = ['', ...REQUIREMENT_STATUSES] as const;

/** /buyer/requirements: the buyer's requirements with their status and how many quotes each has. */
export default function RequirementsPage() {
  const list = useListState({ status: '' as RequirementStatus | '' }, { status: STATUS_FILTERS });
  const { status } = list.filters;
  const query = useBuyerRequirements(status, list.page);
  const { data } = query;
  const columns: Array<Column<RequirementSummary>> = [
    {
      id: 'what',
      header: 'Requirement',
      cell: (r) => (
        <div>
          <Link to={`/buyer/requirements/${r.id}`} className="font-medium text-slate-900 hover:underline">
            {r.title}
          </Link>
          <p className="text-xs text-slate-500">{r.number}</p>
        </div>
      ),
    },
    { id: 'quantity', header: 'Quantity', align: 'right', cell: (r) => formatQuantity(r.quantity, r.unit) },
    { id: 'deadline', header: 'Quotes by', cell: (r) => formatDate(r.deadline) },
    { id: 'quotes', header: 'Quotes', align: 'right', cell: (r) => String(r.quoteCount) },
    { id: 'status', header: 'Status', cell: (r) => <RequirementStatusBadge status={r.status} /> },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (r) => (
        <Link
          to={`/buyer/requirements/${r.id}`}
          className="font-semibold text-brand-700 hover:underline"
          aria-label={`View ${r.number}`}
        >
          {r.status === 'open' && r.quoteCount > 0 ? 'Compare quotes' : 'View'}
        </Link>
      ),
    },
  ];
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="My requirements"
        description="What you asked sellers for, and the quotes they sent."
        actions={
          <Link
            to="/buyer/requirements/new"
            className="inline-flex items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            Post a requirement
          </Link>
        }
      />
      <Tabs
        label="Requirement status"
        tabs={TABS}
        value={status}
        onChange={(v) => list.setFilter('status', v as RequirementStatus | '')}
      />
      <ListPanel
        query={query}
        loadingLabel="Loading your requirements..."
        empty={!data || data.requirements.length === 0}
        emptyTitle="No requirements here"
        emptyText="Post a requirement and verified sellers will quote."
      >
        {data && <DataTable label="My requirements" columns={columns} rows={data.requirements} rowId={(r) => r.id} />}
      </ListPanel>
      {data && <Pagination page={list.page} pageSize={data.pageSize} total={data.total} onChange={list.setPage} />}
    </div>
  );
}
