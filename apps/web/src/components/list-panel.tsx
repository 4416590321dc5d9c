import type { ReactNode } from 'react';
import { EmptyState, Spinner } from './feedback.tsx';
import { FormError } from './field.tsx';

/**
 * The bordered panel of a server-loaded list: the loading text, the error, the empty state, or the rows (a table on
 * wide screens and cards on phones, passed as children).
 */
export function ListPanel({
  loading,
  loadingLabel,
  error,
  empty,
  emptyTitle,
  emptyText,
  busy,
  children,
}: {
  loading: boolean;
  loadingLabel: string;
  error: Error | null;
  empty: boolean;
  emptyTitle: string;
  emptyText: ReactNode;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="mt-4 rounded-xl border border-slate-200 bg-white" aria-busy={busy}>
      {loading && <Spinner label={loadingLabel} />}
      {error && (
        <div className="p-4">
          <FormError message={error.message} />
        </div>
      )}
      {!loading && !error && empty && <EmptyState title={emptyTitle}>{emptyText}</EmptyState>}
      {!loading && !error && !empty && children}
    </div>
  );
}
