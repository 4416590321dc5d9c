import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, formatInr } from '@ub/shared/format';
import { notDueSentence, type SettlementsNotDue } from '@ub/shared';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Badge, PageHeader, Spinner } from '../../components/feedback.tsx';
import { FormError, TextField } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { type Column, DataTable } from '../../components/table.tsx';
import { api, ApiError, NETWORK_ERROR } from '../../lib/api.ts';
import { getToken } from '../../lib/auth-storage.ts';
import { OperatorReturns } from './operator-returns.tsx';
import { CommissionPanel } from './commission-panel.tsx';
import { type Payout, PayoutsList } from './payouts-list.tsx';
import { ApprovalsPanel } from './approvals-panel.tsx';
import { useConfirm, waitsForApproval } from './confirm-action.tsx';
import { useT } from '../../lib/i18n.tsx';

interface Awaiting {
  id: string;
  reference: string;
  status: string;
  orderNumber: string;
  buyer: string;
  seller: string;
  amountPaise: number;
  utr: string | null;
  transferMode: string | null;
  flagReason: string | null;
  flaggedPaise: number | null;
  submittedAt: string;
}
interface Refund {
  id: string;
  refundNumber: string;
  orderNumber: string;
  buyer: string;
  provider: string;
  amountPaise: number;
  fromSellerPaise: number;
  reason: string;
  status: string;
  utr: string | null;
}
interface Finance {
  awaiting: Awaiting[];
  refunds: Refund[];
  heldBySeller: Array<{
    manufacturerId: string;
    seller: string;
    heldPaise: number;
    orders: Array<{ orderId: string; orderNumber: string; heldPaise: number; reason: string }>;
  }>;
  payouts: Payout[];
  /** Payments for orders we do not know: refunded to the payer automatically, "Refund due" until then. */
  unmatched?: Array<{
    id: string;
    provider: string;
    providerPaymentId: string;
    providerOrderId: string | null;
    amountPaise: number;
    status: 'refund_due' | 'refund_pending' | 'refunded';
    createdAt: string;
    refundedAt: string | null;
  }>;
  /** How sellers are paid (PAYOUT_PROVIDER): the UTR form, or "Pay via RazorpayX". */
  payoutProvider: 'manual' | 'razorpayx';
  ledger: Record<string, number>;
  check: { ok: boolean; total: number; brokenOrders: Array<{ orderId: string; problem: string }> };
}
interface TaxRow {
  manufacturerId: string;
  seller: string;
  gstin: string;
  pan: string;
  netTaxablePaise: number;
  grossPaise: number;
  tcsCgstPaise: number;
  tcsSgstPaise: number;
  tcsIgstPaise: number;
  tdsPaise: number;
}

const rs = (p: number) => formatInr(p / 100);
const LEDGER_LABELS: Record<string, string> = {
  buyer_payments: 'Buyer payments (bank and gateway)',
  escrow: 'Escrow (held for orders)',
  seller_payable: 'Seller payable (released)',
  settlements_payable: 'Settlements to pay out',
  refunds_payable: 'Refunds to pay',
  commission: 'Commission',
  gst_on_commission: 'GST on commission',
  tcs_payable: 'TCS payable',
  tds_payable: 'TDS payable',
  unmatched: 'Unmatched receipts',
};

async function download(path: string, name: string) {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { headers: { authorization: `Bearer ${getToken('admin') ?? ''}` } });
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

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4" aria-label={title}>
      <h2 className="mb-3 text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** Admin finance: bank transfers to confirm, refunds, held money per seller, payouts, ledger, TCS and TDS. */
export default function AdminFinancePage() {
  const qc = useQueryClient();
  const t = useT();
  const confirmation = useConfirm();
  const { data, error, isPending } = useQuery({
    queryKey: ['admin', 'finance'],
    queryFn: () => api<Finance>('/admin/finance'),
  });
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const tax = useQuery({
    queryKey: ['admin', 'finance', 'tax', month],
    queryFn: () => api<{ rows: TaxRow[] }>(`/admin/finance/tax-summary?month=${month}`),
    enabled: /^\d{4}-\d{2}$/.test(month),
  });
  const [rejecting, setRejecting] = useState<Awaiting | null>(null);
  const [paying, setPaying] = useState<{
    kind: 'refund' | 'payout';
    id: string;
    label: string;
    amountPaise?: number;
    party?: string;
  } | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ['admin'] });
  const confirm = useMutation({
    mutationFn: (id: string) => api(`/admin/finance/payments/${id}/confirm`, { method: 'POST', body: {} }),
    onSuccess: () => {
      toast.success('Payment confirmed: the money is held for the order.');
      void refresh();
    },
  });
  const refundFlagged = useMutation({
    mutationFn: (id: string) =>
      api<{ refundNumber: string }>(`/admin/finance/payments/${id}/refund`, { method: 'POST', body: {} }),
    onSuccess: (r) => {
      toast.success(`Refund ${r.refundNumber} sent to the provider that took the payment.`);
      void refresh();
    },
  });
  const run = useMutation({
    mutationFn: () =>
      api<{ created: number; notDue: SettlementsNotDue }>('/admin/settlements/generate', { method: 'POST', body: {} }),
    onSuccess: (r) => {
      const why = notDueSentence(r.notDue);
      toast.success(
        r.created
          ? `${r.created} settlement${r.created === 1 ? '' : 's'} created. ${why}`.trim()
          : `Nothing was due. ${why || 'No paid order waits for settlement.'}`,
      );
      void refresh();
    },
  });

  const awaitingColumns: Array<Column<Awaiting>> = [
    {
      id: 'ref',
      header: 'Reference',
      cell: (a) => <span className="font-medium whitespace-nowrap">{a.reference}</span>,
    },
    { id: 'order', header: 'Order', cell: (a) => a.orderNumber },
    { id: 'buyer', header: 'Buyer', cell: (a) => a.buyer },
    { id: 'amount', header: 'Amount', cell: (a) => <span className="whitespace-nowrap">{rs(a.amountPaise)}</span> },
    {
      id: 'utr',
      header: 'UTR',
      cell: (a) =>
        a.status === 'flagged' ? (
          <span className="text-red-700">{a.flagReason}</span>
        ) : (
          <span className="font-mono">
            {a.utr} <span className="text-xs text-slate-500">{a.transferMode}</span>
          </span>
        ),
    },
    { id: 'at', header: 'Submitted', cell: (a) => formatDateTime(a.submittedAt) },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (a) =>
        a.status === 'awaiting_confirmation' ? (
          <div className="flex gap-2">
            <Button
              onClick={() =>
                confirmation.ask({
                  title: t('admin.confirm.transferTitle', { amount: rs(a.amountPaise) }),
                  amountPaise: a.amountPaise,
                  party: a.buyer,
                  subject: `${a.orderNumber} · UTR ${a.utr ?? ''}`,
                  confirmLabel: t('admin.confirm.transferConfirm'),
                  onConfirm: () => confirm.mutateAsync(a.id),
                })
              }
              disabled={confirm.isPending}
              aria-label={`Confirm ${a.reference}`}
            >
              Confirm
            </Button>
            <Button variant="secondary" onClick={() => setRejecting(a)} aria-label={`Reject ${a.reference}`}>
              Reject
            </Button>
          </div>
        ) : a.status === 'flagged' && a.flaggedPaise ? (
          <Button
            variant="secondary"
            onClick={() =>
              confirmation.ask({
                title: t('admin.confirm.refundTitle', { amount: rs(a.flaggedPaise ?? 0) }),
                amountPaise: a.flaggedPaise ?? 0,
                party: a.buyer,
                subject: a.orderNumber,
                confirmLabel: t('admin.confirm.refundConfirm'),
                onConfirm: () => refundFlagged.mutateAsync(a.id),
              })
            }
            disabled={refundFlagged.isPending}
            aria-label={`Refund ${rs(a.flaggedPaise)} of ${a.reference}`}
          >
            Refund {rs(a.flaggedPaise)}
          </Button>
        ) : null,
    },
  ];
  const refundColumns: Array<Column<Refund>> = [
    {
      id: 'no',
      header: 'Refund',
      cell: (r) => <span className="font-medium whitespace-nowrap">{r.refundNumber}</span>,
    },
    { id: 'order', header: 'Order', cell: (r) => r.orderNumber },
    { id: 'amount', header: 'Amount', cell: (r) => rs(r.amountPaise) },
    { id: 'via', header: 'Through', cell: (r) => (r.provider === 'bank_transfer' ? 'Bank transfer' : r.provider) },
    { id: 'reason', header: 'Reason', cell: (r) => r.reason },
    {
      id: 'status',
      header: 'Status',
      cell: (r) => (
        <Badge tone={r.status === 'processed' ? 'green' : 'yellow'}>
          {r.status === 'processed' ? `Paid${r.utr ? `, UTR ${r.utr}` : ''}` : 'Pending'}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (r) =>
        r.status !== 'processed' && r.provider === 'bank_transfer' ? (
          <Button
            variant="secondary"
            onClick={() =>
              setPaying({
                kind: 'refund',
                id: r.id,
                label: r.refundNumber,
                amountPaise: r.amountPaise,
                party: r.buyer,
              })
            }
          >
            Mark paid
          </Button>
        ) : null,
    },
  ];

  return (
    <div className="space-y-6">
      <PageHeader title="Finance" description="Money held in escrow, settlements, payouts and the ledger." />
      {isPending && <Spinner label="Loading finance..." />}
      <FormError message={error?.message} />
      {data && (
        <>
          <ApprovalsPanel onDecided={() => void refresh()} />
          <Panel title="Payments awaiting confirmation">
            {data.awaiting.length ? (
              <DataTable
                label="Payments awaiting confirmation"
                columns={awaitingColumns}
                rows={data.awaiting}
                rowId={(a) => a.id}
              />
            ) : (
              <p className="text-sm text-slate-500">No bank transfers to confirm.</p>
            )}
          </Panel>
          <Panel title="Payouts">
            <div className="mb-3 flex flex-wrap gap-2">
              <Button
                onClick={() =>
                  confirmation.ask({
                    title: t('admin.confirm.runTitle'),
                    party: t('admin.confirm.runParty'),
                    confirmLabel: t('admin.confirm.runConfirm'),
                    onConfirm: () => run.mutateAsync(),
                  })
                }
                disabled={run.isPending}
              >
                Run settlements now
              </Button>
              <Button
                variant="secondary"
                onClick={() => void download('/admin/finance/payout-file.csv', 'payouts.csv')}
              >
                Download payout file
              </Button>
            </div>
            <PayoutsList
              payouts={data.payouts}
              provider={data.payoutProvider}
              onMarkPaid={(p) =>
                setPaying({
                  kind: 'payout',
                  id: p.id,
                  label: p.settlementNumber,
                  amountPaise: p.netPaise,
                  party: p.seller,
                })
              }
              onStatement={(p, kind) =>
                void download(`/admin/settlements/${p.id}/statement.${kind}`, `${p.settlementNumber}.${kind}`)
              }
              onChanged={() => void refresh()}
            />
          </Panel>
          <Panel title="Refunds">
            {data.refunds.length ? (
              <DataTable label="Refunds" columns={refundColumns} rows={data.refunds} rowId={(r) => r.id} />
            ) : (
              <p className="text-sm text-slate-500">No refunds.</p>
            )}
          </Panel>
          {data.unmatched?.length ? (
            <Panel title="Payments for orders we do not know">
              <p className="mb-2 text-sm text-slate-600">
                A provider took these payments for no order of ours. Each is refunded to the payer automatically through
                the provider that took it.
              </p>
              <DataTable
                label="Payments for orders we do not know"
                columns={[
                  {
                    id: 'payment',
                    header: 'Payment',
                    cell: (u) => <span className="font-mono">{u.providerPaymentId}</span>,
                  },
                  { id: 'amount', header: 'Amount', cell: (u) => rs(u.amountPaise) },
                  { id: 'received', header: 'Received', cell: (u) => formatDateTime(u.createdAt) },
                  {
                    id: 'status',
                    header: 'Status',
                    cell: (u) =>
                      u.status === 'refunded' ? (
                        <Badge tone="green">Refunded {u.refundedAt ? formatDateTime(u.refundedAt) : ''}</Badge>
                      ) : (
                        <Badge tone="yellow">
                          {u.status === 'refund_pending' ? 'Refund in progress' : 'Refund due'}
                        </Badge>
                      ),
                  },
                ]}
                rows={data.unmatched}
                rowId={(u) => u.id}
              />
            </Panel>
          ) : null}
          <Panel title="Held money per seller">
            {data.heldBySeller.length ? (
              <ul className="space-y-3 text-sm">
                {data.heldBySeller.map((s) => (
                  <li key={s.manufacturerId}>
                    <p className="font-medium">
                      {s.seller}: {rs(s.heldPaise)}
                    </p>
                    <ul className="ml-4 list-disc text-slate-600">
                      {s.orders.map((o) => (
                        <li key={o.orderId}>
                          {o.orderNumber}, {rs(o.heldPaise)}: {o.reason}
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500">Nothing is held.</p>
            )}
          </Panel>
          <Panel title="Ledger balances">
            <p className="mb-2 text-sm">
              <Badge tone={data.check.ok ? 'green' : 'red'}>
                {data.check.ok ? 'Balanced to the paisa' : `Check failed: ${data.check.brokenOrders.length} orders`}
              </Badge>
            </p>
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm sm:max-w-lg">
              {Object.entries(data.ledger).map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-slate-600">{LEDGER_LABELS[k] ?? k}</dt>
                  <dd className="text-right font-mono">{rs(Math.abs(v))}</dd>
                </div>
              ))}
            </dl>
          </Panel>
        </>
      )}
      <Panel title="Commission by category">
        <CommissionPanel />
      </Panel>
      <Panel title="TCS and TDS by seller">
        <div className="mb-3 max-w-xs">
          <TextField label="Month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
        </div>
        {tax.data?.rows.length ? (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-slate-500">
                <tr>
                  <th className="py-1 pr-3">Seller</th>
                  <th className="py-1 pr-3">GSTIN / PAN</th>
                  <th className="py-1 pr-3">Net taxable</th>
                  <th className="py-1 pr-3">TCS CGST</th>
                  <th className="py-1 pr-3">TCS SGST</th>
                  <th className="py-1 pr-3">TCS IGST</th>
                  <th className="py-1 pr-3">Gross</th>
                  <th className="py-1">TDS 194-O</th>
                </tr>
              </thead>
              <tbody>
                {tax.data.rows.map((r) => (
                  <tr key={r.manufacturerId} className="border-t border-slate-100">
                    <td className="py-1 pr-3">{r.seller}</td>
                    <td className="py-1 pr-3 font-mono text-xs">
                      {r.gstin}
                      <br />
                      {r.pan}
                    </td>
                    <td className="py-1 pr-3">{rs(r.netTaxablePaise)}</td>
                    <td className="py-1 pr-3">{rs(r.tcsCgstPaise)}</td>
                    <td className="py-1 pr-3">{rs(r.tcsSgstPaise)}</td>
                    <td className="py-1 pr-3">{rs(r.tcsIgstPaise)}</td>
                    <td className="py-1 pr-3">{rs(r.grossPaise)}</td>
                    <td className="py-1">{rs(r.tdsPaise)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-sm text-slate-500">Nothing released in this month.</p>
        )}
      </Panel>
      <OperatorReturns />
      {confirmation.dialog}
      <ReasonModal
        open={Boolean(rejecting)}
        title={`Reject ${rejecting?.reference ?? ''}`}
        label="Reason (the buyer and seller see it)"
        submitLabel="Reject payment"
        onClose={() => setRejecting(null)}
        onSubmit={async (reason) => {
          await api(`/admin/finance/payments/${rejecting?.id}/reject`, { method: 'POST', body: { reason } });
          toast.success('Payment rejected; the buyer was told why.');
          void refresh();
        }}
      />
      <ReasonModal
        open={Boolean(paying)}
        title={`Mark ${paying?.label ?? ''} paid`}
        label="UTR of the bank transfer"
        submitLabel="Mark paid"
        onClose={() => setPaying(null)}
        onSubmit={async (utr) => {
          const target = paying;
          if (!target) return;
          // The UTR is typed; the money moves only after the confirmation naming the amount and the party.
          confirmation.ask({
            title: t('admin.confirm.paidTitle', { what: target.label }),
            amountPaise: target.amountPaise,
            party: target.party ?? target.label,
            subject: `UTR ${utr}`,
            confirmLabel: t('admin.confirm.paidConfirm'),
            onConfirm: async () => {
              const answer =
                target.kind === 'refund'
                  ? await api(`/admin/finance/refunds/${target.id}/paid`, { method: 'POST', body: { utr } })
                  : await api(`/admin/settlements/${target.id}/mark-paid`, {
                      method: 'POST',
                      body: { reference: utr },
                    });
              toast.success(waitsForApproval(answer) ? t('admin.approvals.sent') : 'Marked paid.');
              void refresh();
            },
          });
        }}
      />
    </div>
  );
}

function ReasonModal(props: {
  open: boolean;
  title: string;
  label: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (value: string) => Promise<void>;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={props.open} onClose={props.onClose} title={props.title}>
      <form
        className="space-y-3"
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          setError(null);
          try {
            await props.onSubmit(value.trim());
            setValue('');
            props.onClose();
          } catch (err) {
            setError((err as ApiError).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        <TextField
          label={props.label}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={error ?? undefined}
        />
        <Button type="submit" disabled={busy}>
          {props.submitLabel}
        </Button>
      </form>
    </Modal>
  );
}
