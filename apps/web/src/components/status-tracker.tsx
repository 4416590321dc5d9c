import { type ManufacturerStatus, trackerStep } from '@ub/shared';
import { useT } from '../lib/i18n.tsx';

/** The tracker's three steps, as `status.tracker` ids. */
const STEPS = ['received', 'under_review', 'verified'] as const;

/** The verification tracker: Received, Under review, Verified, with the account's real status highlighted. */
export function StatusTracker({ status }: { status: ManufacturerStatus }) {
  const t = useT();
  const reached = trackerStep(status);
  return (
    <div>
      <ol aria-label={t('status.tracker.label')} className="flex items-start">
        {STEPS.map((step, i) => {
          const done = reached >= i;
          const current = reached === i;
          return (
            <li
              key={step}
              aria-current={current ? 'step' : undefined}
              className="relative flex flex-1 flex-col items-center text-center"
            >
              {i > 0 && (
                <span
                  aria-hidden="true"
                  className={`absolute top-4 right-1/2 h-0.5 w-full -translate-y-1/2 ${done ? 'bg-green-500' : 'bg-slate-200'}`}
                />
              )}
              <span
                className={`relative z-10 flex h-8 w-8 items-center justify-center rounded-full border-2 text-sm font-bold ${
                  done ? 'border-green-500 bg-green-500 text-white' : 'border-slate-300 bg-white text-slate-400'
                } ${current ? 'ring-4 ring-green-100' : ''}`}
              >
                {done ? '✓' : i + 1}
              </span>
              <span className={`mt-2 text-xs font-semibold ${done ? 'text-slate-900' : 'text-slate-500'}`}>
                {t(`status.tracker.${step}`)}
              </span>
              {current && <span className="sr-only">{t('status.tracker.current')}</span>}
            </li>
          );
        })}
      </ol>
      {status === 'rejected' && (
        <p className="mt-3 text-center text-sm font-medium text-red-700">{t('status.tracker.rejected')}</p>
      )}
      {status === 'suspended' && (
        <p className="mt-3 text-center text-sm font-medium text-red-700">{t('status.tracker.suspended')}</p>
      )}
    </div>
  );
}
