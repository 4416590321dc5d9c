import { type AdminJobsResponse, JOB_LIST_STATES } from '@ub/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { EmptyState, PageHeader, Spinner } from '../../components/feedback.tsx';
import { FormError } from '../../components/field.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { DataTable, StatCard, td } from '../../components/table.tsx';
import { api } from '../../lib/api.ts';

type ListState = (typeof JOB_LIST_STATES)[number];
const LIST_LABELS: Record<ListState, string> = { dead: 'Dead letter', retrying: 'Failed, retrying' };
const PAGE_SIZE = 20;

const inIst = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' });

export default function AdminJobsPage() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ListState>('dead');
  const [page, setPage] = useState(1);
  const list = useQuery({
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
  const counts = list.data?.counts;
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
        onChange={(e) => {
          setState(e.target.value as ListState);
          setPage(1);
        }}
        className="mb-4 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm sm:w-56"
      >
        {JOB_LIST_STATES.map((s) => (
          <option key={s} value={s}>
            {LIST_LABELS[s]}
          </option>
        ))}
      </select>
      {list.isPending ? (
        <Spinner label="Loading jobs..." />
      ) : list.isError ? (
        <FormError message={list.error.message} />
      ) : list.data.jobs.length === 0 ? (
        <EmptyState title={state === 'dead' ? 'No dead jobs.' : 'No jobs waiting to retry.'} />
      ) : (
        <>
          <DataTable
            label="Background jobs"
            head={['Job', 'Attempts', 'Last error', state === 'dead' ? 'Failed (IST)' : 'Next try (IST)', 'Actions']}
          >
            {list.data.jobs.map((job) => (
              <tr key={job.id}>
                <td className={`${td} font-medium text-slate-900`}>{job.name}</td>
                <td className={td}>
                  {job.attempts} of {job.maxAttempts}
                </td>
                <td className={`${td} max-w-md truncate`} title={job.lastError ?? undefined}>
                  {job.lastError ?? '-'}
                </td>
                <td className={td}>{inIst(job.at)}</td>
                <td className={td}>
                  {job.state === 'dead' && (
                    <Button
                      variant="secondary"
                      className="px-3 py-1 text-xs"
                      disabled={retry.isPending}
                      onClick={() => retry.mutate(job.id)}
                    >
                      Retry
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
          <Pagination page={page} pageSize={PAGE_SIZE} total={list.data.total} onChange={setPage} />
        </>
      )}
    </div>
  );
}
