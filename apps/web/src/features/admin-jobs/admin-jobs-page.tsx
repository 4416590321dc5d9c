import { type AdminJobsResponse, JOB_LIST_STATES } from '@ub/shared';
import { formatDateTime } from '@ub/shared/format';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { PageHeader } from '../../components/feedback.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { type Column, DataTable, StatCard } from '../../components/table.tsx';
import { api } from '../../lib/api.ts';
import { useListState } from '../../lib/use-list-state.ts';

type ListState = (typeof JOB_LIST_STATES)[number];
type Job = AdminJobsResponse['jobs'][number];
const LIST_LABELS: Record<ListState, string> = { dead: 'Dead letter', retrying: 'Failed, retrying' };
const PAGE_SIZE = 20;

export default function AdminJobsPage() {
  const queryClient = useQueryClient();
  const list = useListState({ state: 'dead' as ListState }, { state: JOB_LIST_STATES });
  const { state } = list.filters;
  const { page } = list;
  const query = useQuery({
    queryKey: ['admin', 'jobs', { state, page }],
    queryFn: () =>
      api<AdminJobsResponse>(
        `/admin/jobs?${new URLSearchParams({ state, page: String(page), pageSize: String(PAGE_SIZE) })}`,
      ),
    placeholderData: keepPreviousData,
  });
  const retry = useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/admin/jobs/${id}/retry`, { method: 'POST' }),
    onSuccess: (res) => {
      toast.success(res.message);
      return queryClient.invalidateQueries({ queryKey: ['admin', 'jobs'] });
    },
    onError: (err) => toast.error(err.message),
  });
  const counts = query.data?.counts;
  const columns: Array<Column<Job>> = [
    { id: 'name', header: 'Job', cell: (job) => <span className="font-medium text-slate-900">{job.name}</span> },
    { id: 'attempts', header: 'Attempts', cell: (job) => `${job.attempts} of ${job.maxAttempts}` },
    {
      id: 'error',
      header: 'Last error',
      className: 'max-w-md break-words',
      cell: (job) => job.lastError ?? '-',
    },
    { id: 'at', header: state === 'dead' ? 'Failed' : 'Next try', cell: (job) => formatDateTime(job.at) },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (job) =>
        job.state === 'dead' && (
          <Button
            variant="secondary"
            className="px-3 py-1 text-xs"
            disabled={retry.isPending}
            onClick={() => retry.mutate(job.id)}
          >
            Retry
          </Button>
        ),
    },
  ];
  return (
    <div>
      <PageHeader
        title="Background jobs"
        description="Deliveries, e-mails, webhooks and scheduled runs that failed. A dead job ran out of attempts; retry it once the cause is fixed."
      />
      {counts && (
        <div className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-5">
          <StatCard label="Queued" value={counts.queued} />
          <StatCard label="Running" value={counts.running} />
          <StatCard label="Retrying" value={counts.retrying} />
          <StatCard label="Dead" value={counts.dead} />
          <StatCard label="Done" value={counts.done} />
        </div>
      )}
      <select
        aria-label="Show"
        value={state}
        onChange={(e) => list.setFilter('state', e.target.value as ListState)}
        className="mb-4 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm sm:w-56"
      >
        {JOB_LIST_STATES.map((s) => (
          <option key={s} value={s}>
            {LIST_LABELS[s]}
          </option>
        ))}
      </select>
      <ListPanel
        query={query}
        loadingLabel="Loading jobs..."
        empty={!query.data?.jobs.length}
        emptyTitle={state === 'dead' ? 'No dead jobs.' : 'No jobs waiting to retry.'}
      >
        {query.data && (
          <DataTable label="Background jobs" columns={columns} rows={query.data.jobs} rowId={(j) => j.id} />
        )}
      </ListPanel>
      {query.data && <Pagination page={page} pageSize={PAGE_SIZE} total={query.data.total} onChange={list.setPage} />}
    </div>
  );
}
