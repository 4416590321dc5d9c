import { useT } from '../../lib/i18n.tsx';
/** "Step 2 of 4" with a progress bar, for the multi-step registration and reset forms. */
export function StepIndicator({ step, total, label }: { step: number; total: number; label: string }) {
  const t = useT();
  return (
    <div className="mb-5">
      <div className="flex items-center justify-between text-xs font-medium text-slate-500">
        <span>{t('auth.stepOf', { step, total })}</span>
        <span>{label}</span>
      </div>
      <div
        className="mt-2 flex gap-1.5"
        role="progressbar"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-label={t('auth.stepOf', { step, total })}
      >
        {Array.from({ length: total }, (_, i) => (
          <span key={i} className={`h-1.5 flex-1 rounded-full ${i < step ? 'bg-brand-700' : 'bg-slate-200'}`} />
        ))}
      </div>
    </div>
  );
}
