import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { EmptyState, Spinner } from './feedback.tsx';
import { useT } from '../lib/i18n.tsx';

/** What a list needs from its query (TanStack Query's result fits). */
export interface ListQuery {
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * The bordered panel of a server-loaded list, in one of four states: loading, failed (the message and a Retry that
 * asks again), empty, or the rows (children, usually a DataTable).
 */
export function ListPanel({
  query,
  loadingLabel,
  empty,
  emptyTitle,
  emptyText,
  children,
}: {
  query: ListQuery;
  loadingLabel: string;
  empty: boolean;
  emptyTitle: string;
  emptyText?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  const { isPending, isFetching, error, refetch } = query;
  return (
    <div className="mt-4 rounded-xl border border-slate-200 bg-white" aria-busy={isFetching}>
      {error ? (
        <div role="alert" className="flex flex-col items-center gap-3 px-4 py-10 text-center">
          <p className="text-sm font-medium text-red-700">{error.message}</p>
          <Button variant="secondary" disabled={isFetching} onClick={() => refetch()}>
            {isFetching ? t('common.retrying') : t('common.retry')}
          </Button>
        </div>
      ) : isPending ? (
        <Spinner label={loadingLabel} />
      ) : empty ? (
        <EmptyState title={emptyTitle}>{emptyText}</EmptyState>
      ) : (
        children
      )}
    </div>
  );
}
