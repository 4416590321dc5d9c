/** Prev, numbered pages and Next; renders nothing when everything fits on one page. */
export function Pagination({
  page,
  pageSize,
  total,
  onChange,
  numbered = true,
  prevLabel = 'Prev',
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  numbered?: boolean;
  prevLabel?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const windowStart = Math.max(1, Math.min(page - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => windowStart + i);
  const btn = 'min-w-9 rounded-md border border-slate-300 px-3 py-1.5 text-sm disabled:opacity-40';
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-end gap-1 pt-4">
      <button type="button" className={btn} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {prevLabel}
      </button>
      {numbered &&
        numbers.map((n) => (
          <button
            type="button"
            key={n}
            aria-current={n === page ? 'page' : undefined}
            className={`${btn} ${n === page ? 'border-brand-700 bg-brand-700 text-white' : 'bg-white'}`}
            onClick={() => onChange(n)}
          >
            {n}
          </button>
        ))}
      <button type="button" className={btn} disabled={page >= pages} onClick={() => onChange(page + 1)}>
        Next
      </button>
    </nav>
  );
}
