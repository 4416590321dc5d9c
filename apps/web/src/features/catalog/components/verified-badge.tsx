import { useT } from '../../../lib/i18n.tsx';

export function VerifiedBadge({ small = false }: { small?: boolean }) {
  const t = useT();
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-emerald-50 font-semibold text-emerald-700 ring-1 ring-emerald-200 ${
        small ? 'px-1.5 py-0.5 text-[11px]' : 'px-2 py-0.5 text-xs'
      }`}
    >
      <span aria-hidden="true">✓</span> {t('catalog.verified')}
    </span>
  );
}
