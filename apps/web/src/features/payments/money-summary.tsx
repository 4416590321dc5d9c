import { useQuery } from '@tanstack/react-query';
import { formatDate, formatInr } from '@ub/shared';
import { Badge } from '../../components/feedback.tsx';
import { api, ApiError, NETWORK_ERROR } from '../../lib/api.ts';
import { getToken } from '../../lib/auth-storage.ts';
import { type TFunction, useT } from '../../lib/i18n.tsx';

interface Summary {
  receivedPaise: number;
  heldPaise: number;
  held: Array<{ orderId: string; orderNumber: string; heldPaise: number; reason: string }>;
  nextSettlement: { netPaise: number; lines: Array<{ orderNumber: string; kind: string; netPaise: number }> };
  settlements: Array<{
    id: string;
    settlementNumber: string;
    commissionInvoiceNumber: string | null;
    creditNotes?: Array<{ id: string; number: string }>;
    periodStart: string;
    periodEnd: string;
    netPaise: number;
    status: string;
    utr: string | null;
    paidAt: string | null;
  }>;
}

const rs = (p: number) => formatInr(p / 100);

/** The server's reasons for holding money (English), in the reader's language; an unknown one is shown as sent. */
const HOLD_REASONS: Record<string, string> = {
  'Order not found': 'payments.holdReasons.notFound',
  'A dispute is open on this order': 'payments.holdReasons.dispute',
  'Order cancelled: refund in progress': 'payments.holdReasons.cancelled',
  'Awaiting delivery': 'payments.holdReasons.awaitingDelivery',
  'Due for release at the next run': 'payments.holdReasons.dueForRelease',
};
export function holdReasonText(t: TFunction, reason: string): string {
  const id = HOLD_REASONS[reason];
  if (id) return t(id);
  const until = /^Hold period after delivery, until (\d{4}-\d{2}-\d{2})$/.exec(reason);
  return until?.[1] ? t('payments.holdReasons.holdPeriod', { date: formatDate(until[1]) }) : reason;
}

async function download(path: string, name: string) {
  let res: Response;
  try {
    res = await fetch(`/api/payments/settlements/${path}`, {
      headers: { authorization: `Bearer ${getToken('seller') ?? ''}` },
    });
  } catch {
    throw new ApiError(NETWORK_ERROR, 0);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The seller's money at a glance: received, held and why, the next settlement, past settlements and statements. */
export function MoneySummary() {
  const t = useT();
  const { data } = useQuery({ queryKey: ['payments', 'summary'], queryFn: () => api<Summary>('/payments/summary') });
  if (!data) return null;
  const card = (label: string, value: string, detail: string) => (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-500">{label}</p>
      <p className="text-xl font-semibold text-slate-900">{value}</p>
      <p className="text-xs text-slate-500">{detail}</p>
    </div>
  );
  return (
    <div className="mb-6 space-y-4" data-testid="money-summary">
      <div className="grid gap-3 sm:grid-cols-3">
        {card(t('payments.summary.received'), rs(data.receivedPaise), t('payments.summary.receivedDetail'))}
        {card(
          t('payments.summary.held'),
          rs(data.heldPaise),
          t('payments.summary.heldDetail', { count: data.held.length }),
        )}
        {card(t('payments.summary.next'), rs(data.nextSettlement.netPaise), t('payments.summary.nextDetail'))}
      </div>
      {data.held.length > 0 && (
        <section
          className="rounded-xl border border-slate-200 bg-white p-4"
          aria-label={t('payments.summary.heldMoney')}
        >
          <h2 className="mb-2 text-sm font-semibold text-slate-700">{t('payments.summary.heldWhy')}</h2>
          <ul className="divide-y divide-slate-100 text-sm">
            {data.held.map((h) => (
              <li key={h.orderId} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="font-medium">{h.orderNumber}</span>
                <span>{rs(h.heldPaise)}</span>
                <span className="w-full text-slate-500 sm:w-auto">{holdReasonText(t, h.reason)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.settlements.length > 0 && (
        <section
          className="rounded-xl border border-slate-200 bg-white p-4"
          aria-label={t('payments.summary.settlements')}
        >
          <h2 className="mb-2 text-sm font-semibold text-slate-700">{t('payments.summary.settlements')}</h2>
          <ul className="divide-y divide-slate-100 text-sm">
            {data.settlements.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="font-medium">{s.settlementNumber}</span>
                <span className="text-slate-500">
                  {t('payments.summary.period', { from: formatDate(s.periodStart), to: formatDate(s.periodEnd) })}
                </span>
                <span>{rs(s.netPaise)}</span>
                <Badge tone={s.status === 'paid' ? 'green' : 'yellow'}>
                  {s.status === 'paid'
                    ? s.utr
                      ? t('status.settlement.paidUtr', { utr: s.utr })
                      : t('status.settlement.paid')
                    : t('status.settlement.pending')}
                </Badge>
                <button
                  type="button"
                  className="text-sm font-medium text-brand-700 hover:underline"
                  onClick={() => void download(`${s.id}/statement.csv`, `${s.settlementNumber}.csv`)}
                >
                  {t('payments.summary.statementCsv')}
                </button>
                <button
                  type="button"
                  className="text-sm font-medium text-brand-700 hover:underline"
                  onClick={() => void download(`${s.id}/statement.pdf`, `${s.settlementNumber}.pdf`)}
                >
                  {t('money.statementPdf')}
                </button>
                {s.commissionInvoiceNumber && (
                  <button
                    type="button"
                    className="text-sm font-medium text-brand-700 hover:underline"
                    onClick={() =>
                      void download(
                        `${s.id}/commission-invoice.pdf`,
                        `${s.commissionInvoiceNumber?.replaceAll('/', '-')}.pdf`,
                      )
                    }
                  >
                    {t('money.commissionInvoice', { number: s.commissionInvoiceNumber })}
                  </button>
                )}
                {s.creditNotes?.map((n) => (
                  <button
                    key={n.id}
                    type="button"
                    className="text-sm font-medium text-brand-700 hover:underline"
                    onClick={() =>
                      void download(`${s.id}/commission-credit-notes/${n.id}`, `${n.number.replaceAll('/', '-')}.pdf`)
                    }
                  >
                    {t('money.commissionCreditNote', { number: n.number })}
                  </button>
                ))}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
