import {
  DISPUTE_STATUS_LABELS,
  DISPUTE_STATUSES,
  type DisputeStatus,
  LIMITS,
  type AdminDisputeListItem,
} from '@ub/shared';
import { formatDate } from '@ub/shared/format';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Badge, EmptyState, PageHeader, Spinner, type Tone } from '../../components/feedback.tsx';
import { FormError, SelectField, TextAreaField } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { DataTable, td } from '../../components/table.tsx';
import { api } from '../../lib/api.ts';

type Dispute = AdminDisputeListItem;
const TONES: Record<DisputeStatus, Tone> = {
  open: 'red',
  under_review: 'yellow',
  resolved_buyer: 'green',
  resolved_seller: 'green',
};

function DisputeModal({ dispute, onClose }: { dispute: Dispute; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<DisputeStatus | ''>(dispute.nextStatuses[0] ?? '');
  const [notes, setNotes] = useState('');
  const save = useMutation({
    mutationFn: () => api<Dispute>(`/admin/disputes/${dispute.id}`, { method: 'PATCH', body: { status, notes } }),
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
            <Button disabled={!status || !notes.trim() || save.isPending} onClick={() => save.mutate()}>
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
    </Modal>
  );
}

export default function AdminDisputesPage() {
  const [status, setStatus] = useState<DisputeStatus | ''>('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Dispute | null>(null);
  const pageSize = LIMITS.adminPageSize;
  const list = useQuery({
    queryKey: ['admin', 'disputes', { status, page }],
    queryFn: () =>
      api<{ disputes: Dispute[]; total: number }>(
        `/admin/disputes?${new URLSearchParams({ page: String(page), pageSize: String(pageSize), ...(status ? { status } : {}) })}`,
      ),
    placeholderData: keepPreviousData,
  });
  return (
    <div>
      <PageHeader title="Disputes" description="Disputes buyers raise on orders, from open to resolved." />
      <select
        aria-label="Status"
        value={status}
        onChange={(e) => {
          setStatus(e.target.value as DisputeStatus | '');
          setPage(1);
        }}
        className="mb-4 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm sm:w-56"
      >
        <option value="">All statuses</option>
        {DISPUTE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {DISPUTE_STATUS_LABELS[s]}
          </option>
        ))}
      </select>
      {list.isPending ? (
        <Spinner label="Loading disputes..." />
      ) : list.isError ? (
        <FormError message={list.error.message} />
      ) : list.data.disputes.length === 0 ? (
        <EmptyState title="No disputes found." />
      ) : (
        <>
          <DataTable
            label="Disputes"
            head={['Order', 'Buyer', 'Manufacturer', 'Reason', 'Raised', 'Status', 'Actions']}
          >
            {list.data.disputes.map((d) => (
              <tr key={d.id}>
                <td className={`${td} font-medium text-slate-900`}>{d.orderNumber}</td>
                <td className={td}>{d.buyer}</td>
                <td className={td}>{d.manufacturer}</td>
                <td className={`${td} max-w-xs truncate`}>{d.reason}</td>
                <td className={td}>{formatDate(d.createdAt)}</td>
                <td className={td}>
                  <Badge tone={TONES[d.status]}>{d.statusLabel}</Badge>
                </td>
                <td className={td}>
                  <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => setOpen(d)}>
                    {d.nextStatuses.length ? 'Review' : 'View'}
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
          <Pagination page={page} pageSize={pageSize} total={list.data.total} onChange={setPage} />
        </>
      )}
      {open && <DisputeModal key={open.id} dispute={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
