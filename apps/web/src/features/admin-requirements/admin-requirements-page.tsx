import {
  type AdminRequirementDetail,
  type AdminRequirementItem,
  formatDate,
  formatDateTime,
  formatInr,
  formatQuantity,
  REQUIREMENT_STATUS_LABELS,
  REQUIREMENT_STATUSES,
  type RequirementStatus,
} from '@ub/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Badge, PageHeader, Spinner } from '../../components/feedback.tsx';
import { FormError, TextAreaField } from '../../components/field.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Modal } from '../../components/modal.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { type Column, DataTable } from '../../components/table.tsx';
import { SearchBox } from '../../components/tabs.tsx';
import { useListState, useRecordRoute } from '../../lib/use-list-state.ts';
import { useAdminRequirement, useRemoveRequirement } from '../requirements/api/admin-requirement.ts';
import { useAdminRequirements } from '../requirements/api/admin-requirements.ts';
import { AttachmentList } from '../requirements/components/attachments.tsx';
import {
  QuoteStatusBadge,
  RequirementFacts,
  RequirementStatusBadge,
} from '../requirements/components/requirement-bits.tsx';

const STATUS_FILTERS = ['', ...REQUIREMENT_STATUSES] as const;

/** /admin/requirements: every buyer's requirements, their quotes and spam reports; remove spam with a reason. */
export default function AdminRequirementsPage() {
  const list = useListState({ status: '' as RequirementStatus | '' }, { status: STATUS_FILTERS });
  const record = useRecordRoute();
  const { status } = list.filters;
  const query = useAdminRequirements({ page: list.page, search: list.term, status });
  const { data } = query;
  const columns: Array<Column<AdminRequirementItem>> = [
    {
      id: 'what',
      header: 'Requirement',
      cell: (r) => (
        <div>
          <p className="font-medium text-slate-900">{r.title}</p>
          <p className="text-xs text-slate-500">{r.number}</p>
        </div>
      ),
    },
    { id: 'buyer', header: 'Buyer', cell: (r) => r.buyerCompany },
    { id: 'quantity', header: 'Quantity', align: 'right', cell: (r) => formatQuantity(r.quantity, r.unit) },
    { id: 'quotes', header: 'Quotes', align: 'right', cell: (r) => String(r.quoteCount) },
    {
      id: 'reports',
      header: 'Spam reports',
      align: 'right',
      cell: (r) => (r.reportCount ? <Badge tone="red">{r.reportCount}</Badge> : '0'),
    },
    { id: 'posted', header: 'Posted', cell: (r) => formatDate(r.createdAt) },
    { id: 'status', header: 'Status', cell: (r) => <RequirementStatusBadge status={r.status} /> },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (r) => (
        <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => record.open(r.id)}>
          {r.reportCount && r.status === 'open' ? 'Review' : 'View'}
        </Button>
      ),
    },
  ];
  return (
    <div>
      <PageHeader
        title="Requirements"
        description="Buyers' requirements on the board, their quotes and the spam reports sellers send."
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchBox placeholder="Search number, title or buyer" value={list.search} onChange={list.setSearch} />
        <select
          aria-label="Status"
          value={status}
          onChange={(e) => list.setFilter('status', e.target.value as RequirementStatus | '')}
          className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm sm:w-56"
        >
          <option value="">All statuses</option>
          {REQUIREMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {REQUIREMENT_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <ListPanel
        query={query}
        loadingLabel="Loading requirements..."
        empty={!data?.requirements.length}
        emptyTitle="No requirements found."
      >
        {data && <DataTable label="Requirements" columns={columns} rows={data.requirements} rowId={(r) => r.id} />}
      </ListPanel>
      {data && <Pagination page={list.page} pageSize={data.pageSize} total={data.total} onChange={list.setPage} />}
      {record.openId && <RequirementRecord key={record.openId} id={record.openId} onClose={record.close} />}
    </div>
  );
}

/** The requirement of the record URL, read by id, so a notification's link opens it from any list page. */
function RequirementRecord({ id, onClose }: { id: string; onClose: () => void }) {
  const query = useAdminRequirement(id);
  if (query.data) return <RequirementModal r={query.data} onClose={onClose} />;
  if (!query.isError) return null;
  return (
    <Modal open onClose={onClose} title="Requirement not found" size="sm">
      <FormError message={query.error.message} />
    </Modal>
  );
}

function RequirementModal({ r, onClose }: { r: AdminRequirementDetail; onClose: () => void }) {
  const remove = useRemoveRequirement(r.id);
  const [reason, setReason] = useState('');
  const [removing, setRemoving] = useState(false);
  const removable = r.status !== 'removed' && r.status !== 'accepted';
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={`${r.number}: ${r.title}`}
      footer={
        removable &&
        (removing ? (
          <>
            <Button variant="secondary" onClick={() => setRemoving(false)}>
              Back
            </Button>
            <Button
              variant="danger"
              disabled={!reason.trim() || remove.isPending}
              onClick={() =>
                remove
                  .mutateAsync(reason.trim())
                  .then(() => {
                    toast.success(`${r.number} removed; the buyer is told why.`);
                    setRemoving(false);
                  })
                  .catch(() => undefined)
              }
            >
              Remove as spam
            </Button>
          </>
        ) : (
          <Button variant="danger" onClick={() => setRemoving(true)}>
            Remove as spam
          </Button>
        ))
      }
    >
      {remove.isPending && <Spinner label="Removing..." />}
      <div className="space-y-4 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <RequirementStatusBadge status={r.status} />
          <span>
            by <span className="font-medium">{r.buyerCompany}</span> ({r.buyerContact})
          </span>
        </div>
        <RequirementFacts r={r} />
        {r.description && <p className="whitespace-pre-line rounded-lg bg-slate-50 p-3">{r.description}</p>}
        <AttachmentList attachments={r.attachments} />
        {r.closedReason && <p className="text-slate-600">Closed: {r.closedReason}</p>}
        {r.rfqId && <p className="text-slate-600">Accepted: it became an RFQ between the buyer and the seller.</p>}
        <section>
          <h3 className="mb-2 font-semibold">Spam reports ({r.reports.length})</h3>
          {r.reports.length === 0 ? (
            <p className="text-slate-500">None.</p>
          ) : (
            <ul className="space-y-2">
              {r.reports.map((rep) => (
                <li key={rep.id} className="rounded-lg border border-red-100 bg-red-50 p-3">
                  <p className="font-medium">{rep.sellerCompany}</p>
                  <p>{rep.reason}</p>
                  <p className="text-xs text-slate-500">{formatDateTime(rep.createdAt)}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section>
          <h3 className="mb-2 font-semibold">Quotes ({r.quotes.length})</h3>
          {r.quotes.length === 0 ? (
            <p className="text-slate-500">None.</p>
          ) : (
            <ul className="space-y-2">
              {r.quotes.map((q) => (
                <li key={q.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3">
                  <div>
                    <p className="font-medium">
                      <Link to={`/admin/manufacturers/${q.manufacturerId}`} className="hover:underline">
                        {q.sellerCompany}
                      </Link>
                    </p>
                    <p>
                      {formatInr(q.pricePerUnit)} per unit × {formatQuantity(q.quantity, r.unit)}, {q.deliveryDays}{' '}
                      days, valid until {formatDate(q.validUntil)}
                      {q.revisions ? ` · revised ${q.revisions}×` : ''}
                    </p>
                  </div>
                  <QuoteStatusBadge status={q.status} />
                </li>
              ))}
            </ul>
          )}
        </section>
        {removing && (
          <TextAreaField
            label="Reason (the buyer reads it)"
            rows={2}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
        <FormError message={remove.error?.message} />
      </div>
    </Modal>
  );
}
