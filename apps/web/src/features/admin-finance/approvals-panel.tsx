import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalItem } from '@ub/shared';
import { formatDateTime, formatInr } from '@ub/shared/format';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { TextField } from '../../components/field.tsx';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';
import { useConfirm } from './confirm-action.tsx';

/**
 * Four eyes: refunds and payouts above the site's amount that another admin asked for. A second finance admin or
 * owner approves (the money moves now) or rejects with a reason; one's own request can only wait for someone else.
 */
export function ApprovalsPanel({ onDecided }: { onDecided: () => void }) {
  const t = useT();
  const qc = useQueryClient();
  const confirmation = useConfirm();
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const list = useQuery({
    queryKey: ['admin', 'approvals'],
    queryFn: () => api<{ approvals: ApprovalItem[] }>('/admin/approvals?status=pending'),
  });
  const me = useQuery({ queryKey: ['admin', 'me'], queryFn: () => api<{ id: string }>('/admin/me') });
  const done = (message: string) => {
    toast.success(message);
    onDecided();
    return qc.invalidateQueries({ queryKey: ['admin', 'approvals'] });
  };
  const reject = useMutation({
    mutationFn: (id: string) => api(`/admin/approvals/${id}/reject`, { method: 'POST', body: { note } }),
    onSuccess: () => {
      setRejecting(null);
      setNote('');
      return done(t('admin.approvals.rejected'));
    },
    onError: (e) => toast.error(e.message),
  });
  const items = list.data?.approvals ?? [];
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4" aria-label={t('admin.approvals.title')}>
      <h2 className="mb-3 text-base font-semibold text-slate-900">{t('admin.approvals.title')}</h2>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">{t('admin.approvals.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {items.map((a) => {
            const mine = a.requestedBy.id === me.data?.id;
            return (
              <li key={a.id} className="space-y-2 py-2">
                <p>
                  <span className="font-medium">{t(`admin.kinds.${a.kind}`)}</span>{' '}
                  <span className="font-semibold">{formatInr(a.amountPaise / 100)}</span> ·{' '}
                  <span translate="no">{a.subject}</span> · <span translate="no">{a.party}</span>
                </p>
                <p className="text-slate-600">
                  {t('admin.approvals.askedBy', {
                    name: a.requestedBy.name ?? '',
                    at: formatDateTime(a.createdAt),
                  })}
                  : <span translate="no">{a.reason}</span>
                </p>
                {mine ? (
                  <p className="text-xs text-slate-500">{t('admin.approvals.yours')}</p>
                ) : rejecting === a.id ? (
                  <div className="flex flex-wrap items-end gap-2">
                    <TextField
                      label={t('admin.approvals.rejectReason')}
                      value={note}
                      onChange={(e) => setNote(e.target.value)}
                    />
                    <Button
                      variant="secondary"
                      disabled={note.trim().length < 3 || reject.isPending}
                      onClick={() => reject.mutate(a.id)}
                    >
                      {t('admin.approvals.reject')}
                    </Button>
                  </div>
                ) : (
                  <div className="flex gap-2">
                    <Button
                      onClick={() =>
                        confirmation.ask({
                          title: t('admin.approvals.approveTitle', { amount: formatInr(a.amountPaise / 100) }),
                          amountPaise: a.amountPaise,
                          party: a.party,
                          subject: a.subject,
                          confirmLabel: t('admin.approvals.approve'),
                          onConfirm: async () => {
                            await api(`/admin/approvals/${a.id}/approve`, { method: 'POST', body: {} });
                            await done(t('admin.approvals.approved'));
                          },
                        })
                      }
                    >
                      {t('admin.approvals.approve')}
                    </Button>
                    <Button variant="secondary" onClick={() => setRejecting(a.id)}>
                      {t('admin.approvals.reject')}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {confirmation.dialog}
    </section>
  );
}
