import {
  DISPUTE_STATUS_LABELS,
  DISPUTE_STATUSES,
  type DisputeStatus,
  LIMITS,
  type AdminDisputeDetail,
  type AdminDisputeListItem,
} from '@ub/shared';
import { formatDate, formatInr, rupeesToPaise } from '@ub/shared/format';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Badge, PageHeader, type Tone } from '../../components/feedback.tsx';
import { FormError, SelectField, TextAreaField, TextField } from '../../components/field.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Modal } from '../../components/modal.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { type Column, DataTable } from '../../components/table.tsx';
import { api } from '../../lib/api.ts';
import { openPrivateFile } from '../../lib/open-file.ts';
import { useListState, useRecordRoute } from '../../lib/use-list-state.ts';
import { useT } from '../../lib/i18n.tsx';
import { useConfirm } from '../admin-finance/confirm-action.tsx';

type Dispute = AdminDisputeListItem;
const TONES: Record<DisputeStatus, Tone> = {
  open: 'red',
  under_review: 'yellow',
  resolved_buyer: 'green',
  resolved_seller: 'green',
};

/**
 * A resolution for the buyer refunds the whole refundable amount or the part the admin enters in rupees; the
 * answer is the refund in paise, or the message that says why the amount cannot be taken.
 */
export function refundChoice(
  mode: 'full' | 'partial' | '',
  amount: string,
  refundablePaise: number,
): { refundPaise?: number; error?: string } {
  // No amount is chosen for the admin: a full refund is picked, never assumed (issue 28).
  if (mode === '') return { error: CHOOSE_REFUND };
  if (mode === 'full') return { refundPaise: refundablePaise };
  const paise = rupeesToPaise(amount);
  if (paise === null) return { error: 'Enter the refund in rupees, like 1250 or 99.50.' };
  if (paise <= 0) return { error: 'The refund must be more than zero.' };
  if (paise > refundablePaise) return { error: `At most ${formatInr(refundablePaise / 100)} can be refunded.` };
  return { refundPaise: paise };
}

const CHOOSE_REFUND = 'Choose the refund: the full amount or a part.';

function DisputeModal({ dispute, onClose }: { dispute: AdminDisputeDetail; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<DisputeStatus | ''>(dispute.nextStatuses[0] ?? '');
  const [notes, setNotes] = useState('');
  const t = useT();
  const confirmation = useConfirm();
  const [mode, setMode] = useState<'full' | 'partial' | ''>('');
  const [amount, setAmount] = useState('');
  const refunds = status === 'resolved_buyer' && dispute.refundablePaise > 0;
  const choice = refunds ? refundChoice(mode, amount, dispute.refundablePaise) : {};
  const save = useMutation({
    mutationFn: () =>
      api<Dispute>(`/admin/disputes/${dispute.id}`, {
        method: 'PATCH',
        body: { status, notes, ...(choice.refundPaise ? { refundPaise: choice.refundPaise } : {}) },
      }),
    onSuccess: (d) => {
      toast.success(`Dispute on ${d.orderNumber}: ${d.statusLabel}.`);
      onClose();
      return queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  const final = dispute.nextStatuses.length === 0;
  return (
    <Modal
      open
      onClose={onClose}
      title={`Dispute on ${dispute.orderNumber}`}
      footer={
        !final && (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button
              disabled={!status || !notes.trim() || Boolean(choice.error) || save.isPending}
              onClick={() =>
                refunds && choice.refundPaise
                  ? confirmation.ask({
                      title: t('admin.confirm.disputeRefundTitle', { amount: formatInr(choice.refundPaise / 100) }),
                      amountPaise: choice.refundPaise,
                      party: dispute.buyer,
                      subject: dispute.orderNumber,
                      confirmLabel: t('admin.confirm.disputeConfirm'),
                      onConfirm: () => save.mutateAsync(),
                    })
                  : save.mutate()
              }
            >
              Save
            </Button>
          </>
        )
      }
    >
      <div className="space-y-3 text-sm">
        <p>
          <span className="font-medium">{dispute.buyer}</span> against{' '}
          <span className="font-medium">{dispute.manufacturer}</span>, raised {formatDate(dispute.createdAt)}
        </p>
        <p className="rounded-lg bg-slate-50 p-3">{dispute.reason}</p>
        {'evidence' in dispute && dispute.evidence.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Evidence">
            {dispute.evidence.map((e) => (
              <li key={e.id}>
                <button
                  type="button"
                  className="rounded border border-slate-200 px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50"
                  onClick={() => openPrivateFile(e.url, 'admin').catch((err: Error) => toast.error(err.message))}
                >
                  {e.name}
                </button>
              </li>
            ))}
          </ul>
        )}
        {dispute.notes && <p className="whitespace-pre-line text-slate-600">{dispute.notes}</p>}
        {final ? (
          <p className="text-slate-600">This dispute is {dispute.statusLabel.toLowerCase()}; no further actions.</p>
        ) : (
          <>
            <SelectField label="New status" value={status} onChange={(e) => setStatus(e.target.value as DisputeStatus)}>
              {dispute.nextStatuses.map((s) => (
                <option key={s} value={s}>
                  {DISPUTE_STATUS_LABELS[s]}
                </option>
              ))}
            </SelectField>
            {refunds && (
              <fieldset className="space-y-2 rounded-lg border border-slate-200 p-3">
                <legend className="px-1 font-medium">Refund to the buyer</legend>
                <label className="flex items-center gap-2">
                  <input type="radio" name="refund-mode" checked={mode === 'full'} onChange={() => setMode('full')} />
                  Full refund: {formatInr(dispute.refundablePaise / 100)}
                </label>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="refund-mode"
                    checked={mode === 'partial'}
                    onChange={() => setMode('partial')}
                  />
                  Partial refund
                </label>
                {mode === 'partial' && (
                  <TextField
                    label="Refund amount (₹)"
                    inputMode="decimal"
                    value={amount}
                    onChange={(e) => setAmount(e.target.value)}
                    error={amount ? choice.error : undefined}
                  />
                )}
                <p className="text-xs text-slate-500">
                  The notes are the refund's reason; the buyer and seller see it.
                </p>
                {mode === '' && <p className="text-xs text-slate-600">{t('admin.confirm.chooseRefund')}</p>}
              </fieldset>
            )}
            <TextAreaField
              label="Notes"
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              rows={3}
              maxLength={2000}
            />
            <FormError message={save.error?.message} />
          </>
        )}
      </div>
      {confirmation.dialog}
    </Modal>
  );
}

/** The dispute of the record URL, read by id, so a shared or reloaded link opens it from any list page. */
function DisputeRecord({ id, onClose }: { id: string; onClose: () => void }) {
  const query = useQuery({
    queryKey: ['admin', 'dispute', id],
    queryFn: () => api<AdminDisputeDetail>(`/admin/disputes/${id}`),
  });
  if (query.data) return <DisputeModal dispute={query.data} onClose={onClose} />;
  // One dialog only (opened once the dispute is read), so focus returns to the row's button when it closes.
  if (!query.isError) return null;
  return (
    <Modal open onClose={onClose} title="Dispute not found" size="sm">
      <FormError message={query.error.message} />
    </Modal>
  );
}

const STATUS_FILTERS = ['', ...DISPUTE_STATUSES] as const;

export default function AdminDisputesPage() {
  const list = useListState({ status: '' as DisputeStatus | '' }, { status: STATUS_FILTERS });
  const record = useRecordRoute();
  const { status } = list.filters;
  const { page } = list;
  const pageSize = LIMITS.adminPageSize;
  const query = useQuery({
    queryKey: ['admin', 'disputes', { status, page }],
    queryFn: () =>
      api<{ disputes: Dispute[]; total: number }>(
        `/admin/disputes?${new URLSearchParams({ page: String(page), pageSize: String(pageSize), ...(status ? { status } : {}) })}`,
      ),
    placeholderData: keepPreviousData,
  });
  const columns: Array<Column<Dispute>> = [
    {
      id: 'order',
      header: 'Order',
      cell: (d) => <span className="font-medium whitespace-nowrap text-slate-900">{d.orderNumber}</span>,
    },
    { id: 'buyer', header: 'Buyer', cell: (d) => d.buyer },
    { id: 'manufacturer', header: 'Manufacturer', cell: (d) => d.manufacturer },
    { id: 'reason', header: 'Reason', cell: (d) => <span className="line-clamp-2">{d.reason}</span> },
    { id: 'raised', header: 'Raised', cell: (d) => formatDate(d.createdAt) },
    { id: 'status', header: 'Status', cell: (d) => <Badge tone={TONES[d.status]}>{d.statusLabel}</Badge> },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (d) => (
        <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => record.open(d.id)}>
          {d.nextStatuses.length ? 'Review' : 'View'}
        </Button>
      ),
    },
  ];
  return (
    <div>
      <PageHeader title="Disputes" description="Disputes buyers raise on orders, from open to resolved." />
      <select
        aria-label="Status"
        value={status}
        onChange={(e) => list.setFilter('status', e.target.value as DisputeStatus | '')}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm sm:w-56"
      >
        <option value="">All statuses</option>
        {DISPUTE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {DISPUTE_STATUS_LABELS[s]}
          </option>
        ))}
      </select>
      <ListPanel
        query={query}
        loadingLabel="Loading disputes..."
        empty={!query.data?.disputes.length}
        emptyTitle="No disputes found."
      >
        {query.data && <DataTable label="Disputes" columns={columns} rows={query.data.disputes} rowId={(d) => d.id} />}
      </ListPanel>
      {query.data && <Pagination page={page} pageSize={pageSize} total={query.data.total} onChange={list.setPage} />}
      {record.openId && <DisputeRecord key={record.openId} id={record.openId} onClose={record.close} />}
    </div>
  );
}
