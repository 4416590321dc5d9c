import { useT } from '../lib/i18n.tsx';

/**
 * First, Prev, a window of page numbers, Next and Last; renders nothing when everything fits on one page.
 * `total` may be a capped count (the server stops counting at a limit): Last then goes to the last page counted.
 */
export function Pagination({
  page,
  pageSize,
  total,
  onChange,
  prevLabel,
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** The Prev button's text (default "Prev"). */
  prevLabel?: string;
}) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const windowStart = Math.max(1, Math.min(page - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => windowStart + i);
  const btn = 'min-w-9 rounded-md border px-3 py-1.5 text-sm disabled:opacity-40';
  // One background class per button: with two, the stylesheet's order, not this code, would pick the colour.
  const plain = `${btn} border-slate-300 bg-white`;
  return (
    <nav aria-label={t('common.pagination.label')} className="flex flex-wrap items-center justify-end gap-1 pt-4">
      <button type="button" className={plain} disabled={page <= 1} onClick={() => onChange(1)}>
        {t('common.pagination.first')}
      </button>
      <button type="button" className={plain} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {prevLabel ?? t('common.pagination.prev')}
      </button>
      {numbers.map((n) => (
        <button
          type="button"
          key={n}
          aria-current={n === page ? 'page' : undefined}
          className={n === page ? `${btn} border-brand-700 bg-brand-700 text-white` : plain}
          onClick={() => onChange(n)}
        >
          {n}
        </button>
      ))}
      <button type="button" className={plain} disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {t('common.pagination.next')}
      </button>
      <button type="button" className={plain} disabled={page >= pages} onClick={() => onChange(pages)}>
        {t('common.pagination.last')}
      </button>
    </nav>
  );
}
