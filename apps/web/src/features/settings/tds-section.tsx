import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, type TdsDeclarationView } from '@ub/shared';
import { formatInr } from '@ub/shared/format';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { type ApiError, api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';

const KEY = ['settings', 'tds-declaration'];

/**
 * TDS under s.194-O on the seller's releases, and the s.194-O(2) declaration an individual or HUF seller makes to
 * be spared it while their year's sales through the platform stay within the limit.
 */
export function TdsSection() {
  const t = useT();
  const qc = useQueryClient();
  const { data } = useQuery({ queryKey: KEY, queryFn: () => api<TdsDeclarationView>('/settings/tds-declaration') });
  const save = useMutation({
    mutationFn: (declare: boolean) =>
      api<TdsDeclarationView>('/settings/tds-declaration', { method: 'PUT', body: { declare } }),
    onSuccess: (next) => {
      qc.setQueryData(KEY, next);
      toast.success(t(next.declaredAt ? 'settings.tds.declaredToast' : 'settings.tds.withdrawnToast'));
    },
    onError: (e) => toast.error((e as ApiError).message),
  });
  if (!data) return null;
  const figures = {
    year: data.financialYear,
    gross: formatInr(data.grossThisYearPaise / 100),
    limit: formatInr(data.limitPaise / 100),
  };
  return (
    <section className="rounded-xl border border-slate-200 bg-white shadow-sm" aria-labelledby="tds-title">
      <h2 id="tds-title" className="border-b border-slate-200 px-5 py-3 text-base font-semibold text-slate-900">
        {t('settings.tds.title')}
      </h2>
      <div className="space-y-3 px-5 py-4 text-sm text-slate-700">
        <p>{t('settings.tds.gross', figures)}</p>
        {!data.eligible ? (
          <p>{t('settings.tds.notEligible', { pan: data.pan })}</p>
        ) : data.declaredAt ? (
          <>
            <p className="font-medium text-emerald-800">
              {t(data.exemptNow ? 'settings.tds.exempt' : 'settings.tds.overLimit', {
                ...figures,
                at: formatDateTime(data.declaredAt),
              })}
            </p>
            <div className="flex justify-end">
              <Button variant="secondary" disabled={save.isPending} onClick={() => save.mutate(false)}>
                {t('settings.tds.withdraw')}
              </Button>
            </div>
          </>
        ) : (
          <>
            <p>{t('settings.tds.offer', { ...figures, pan: data.pan })}</p>
            <div className="flex justify-end">
              <Button disabled={save.isPending} onClick={() => save.mutate(true)}>
                {t('settings.tds.declare')}
              </Button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
