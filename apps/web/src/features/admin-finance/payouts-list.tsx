import { useMutation } from '@tanstack/react-query';
import { formatInr } from '@ub/shared/format';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Badge } from '../../components/feedback.tsx';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';
import { useConfirm, waitsForApproval } from './confirm-action.tsx';

export interface Payout {
  id: string;
  settlementNumber: string;
  seller: string;
  netPaise: number;
  payoutStatus: 'requested' | 'processing' | 'processed' | 'failed' | null;
  providerPayoutId: string | null;
  payoutFailureReason: string | null;
}

/**
 * Settlements waiting for payout. With RazorpayX (`provider`), a pending one is paid with "Pay via RazorpayX"; one
 * under way shows "Processing" with the payout id, and the reason of a failed payout stays on the row until the
 * next one starts. With the manual provider, each is marked paid with the bank's UTR (`onMarkPaid`).
 */
export function PayoutsList(props: {
  payouts: Payout[];
  provider: 'manual' | 'razorpayx';
  onMarkPaid: (p: Payout) => void;
  onStatement: (p: Payout, kind: 'csv' | 'pdf') => void;
  onChanged: () => void;
}) {
  const t = useT();
  const confirmation = useConfirm();
  const pay = useMutation({
    mutationFn: (p: Payout) => api(`/admin/settlements/${p.id}/payout`, { method: 'POST', body: {} }),
    onSuccess: (answer, p) => {
      toast.success(
        waitsForApproval(answer) ? t('admin.approvals.sent') : `Payout of ${p.settlementNumber} sent to RazorpayX.`,
      );
      props.onChanged();
    },
  });
  if (!props.payouts.length) return <p className="text-sm text-slate-500">No settlements waiting for payout.</p>;
  return (
    <>
      {confirmation.dialog}
      <ul className="divide-y divide-slate-100 text-sm">
        {props.payouts.map((p) => {
          const underWay = p.payoutStatus === 'requested' || p.payoutStatus === 'processing';
          return (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="font-medium">{p.settlementNumber}</span>
              <span>{p.seller}</span>
              <span>{formatInr(p.netPaise / 100)}</span>
              <span className="flex flex-wrap items-center gap-2">
                <button
                  type="button"
                  className="text-sm font-medium text-brand-700 hover:underline"
                  onClick={() => props.onStatement(p, 'csv')}
                >
                  Statement
                </button>
                <button
                  type="button"
                  className="text-sm font-medium text-brand-700 hover:underline"
                  onClick={() => props.onStatement(p, 'pdf')}
                >
                  PDF
                </button>
                {underWay ? (
                  <Badge tone="yellow">Processing{p.providerPayoutId ? `: ${p.providerPayoutId}` : ''}</Badge>
                ) : props.provider === 'razorpayx' ? (
                  <Button
                    onClick={() =>
                      confirmation.ask({
                        title: t('admin.confirm.payoutTitle', { amount: formatInr(p.netPaise / 100) }),
                        amountPaise: p.netPaise,
                        party: p.seller,
                        subject: p.settlementNumber,
                        confirmLabel: t('admin.confirm.payoutConfirm'),
                        onConfirm: () => pay.mutateAsync(p),
                      })
                    }
                    disabled={pay.isPending}
                    aria-label={`Pay ${p.settlementNumber} via RazorpayX`}
                  >
                    Pay via RazorpayX
                  </Button>
                ) : (
                  <Button variant="secondary" onClick={() => props.onMarkPaid(p)}>
                    Mark paid
                  </Button>
                )}
              </span>
              {p.payoutStatus === 'failed' && p.payoutFailureReason && (
                <p className="w-full text-red-700" role="status">
                  Last payout failed: {p.payoutFailureReason}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
