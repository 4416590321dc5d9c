import {
  type AdminRfqItem,
  CATEGORY_LABELS,
  formatCount,
  formatDate,
  formatInr,
  LIMITS,
  labelOf,
  RFQ_STATUS_LABELS,
  RFQ_STATUSES,
  type RfqStatus,
  rfqStatusLabel,
} from '@ub/shared';
import type { ReactNode } from 'react';
import { OfferHistory } from '../../components/offer-history.tsx';
import { Link } from 'react-router';
import { Badge, PageHeader, type Tone } from '../../components/feedback.tsx';
import { FormError } from '../../components/field.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Modal } from '../../components/modal.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { Button } from '../../components/button.tsx';
import { type Column, DataTable, StatCard } from '../../components/table.tsx';
import { useListState, useRecordRoute } from '../../lib/use-list-state.ts';
import { useAdminRfq, useAdminRfqs } from './api.ts';

type Rfq = AdminRfqItem;

const TONES: Record<string, Tone> = {
  pending: 'yellow',
  quoted: 'blue',
  negotiating: 'orange',
  accepted: 'green',
  rejected: 'red',
};
const StatusBadge = ({ status }: { status: string }) => (
  <Badge tone={TONES[status] ?? 'yellow'}>{rfqStatusLabel(status)}</Badge>
);
const money = (v: string | null) => (v ? formatInr(v) : '-');

function RfqRecord({ rfq }: { rfq: Rfq }) {
  const facts: Array<[string, ReactNode]> = [
    [
      'Buyer',
      <Link key="b" to={`/admin/buyers/${rfq.buyerId}`} className="text-brand-700 hover:underline">
        {rfq.buyerCompany} ({rfq.buyerContact})
      </Link>,
    ],
    [
      'Seller',
      <Link key="s" to={`/admin/manufacturers/${rfq.manufacturerId}`} className="text-brand-700 hover:underline">
        {rfq.sellerCompany}
      </Link>,
    ],
    ['Product', rfq.productName],
    ['Category', rfq.category ? labelOf(CATEGORY_LABELS, rfq.category) : '-'],
    ['Requested quantity', formatCount(rfq.requestedQuantity)],
    ['Target price', rfq.targetPrice ? `${formatInr(rfq.targetPrice)} per unit` : '-'],
    ['Estimated value', money(rfq.estimatedValue)],
    ['Deadline', rfq.deadline ? formatDate(rfq.deadline) : '-'],
    ['Sent', formatDate(rfq.createdAt)],
  ];
  if (rfq.agreedPrice) {
    facts.push([
      'Agreed',
      `${formatInr(rfq.agreedPrice)} × ${formatCount(rfq.agreedQuantity ?? rfq.requestedQuantity)}`,
    ]);
  }
  if (rfq.rejectionReason) facts.push(['Rejection reason', rfq.rejectionReason]);
  if (rfq.orderId) {
    facts.push([
      'Order',
      <Link key="o" to={`/admin/orders/${rfq.orderId}`} className="text-brand-700 hover:underline">
        Open the order
      </Link>,
    ]);
  }
  return (
    <div className="space-y-4 text-sm">
      <StatusBadge status={rfq.status} />
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr]">
        {facts.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-500">{k}</dt>
            <dd className="font-medium break-words">{v}</dd>
          </div>
        ))}
      </dl>
      {rfq.description && <p className="whitespace-pre-line text-slate-700">{rfq.description}</p>}
      {rfq.specifications.length > 0 && (
        <div>
          <h3 className="font-semibold">Specifications</h3>
          <ul className="ml-5 list-disc">
            {rfq.specifications.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <h3 className="mb-2 font-semibold">Offer history</h3>
        <OfferHistory offers={rfq.offers} names={{ seller: rfq.sellerCompany, buyer: rfq.buyerCompany }} />
      </div>
    </div>
  );
}

/** The RFQ of the record URL (/admin/rfqs/:id), read by id, so a shared or reloaded link opens it. */
function RfqRecordModal({ id, onClose }: { id: string; onClose: () => void }) {
  const query = useAdminRfq(id);
  if (query.isError) {
    return (
      <Modal open onClose={onClose} title="RFQ not found" size="sm">
        <FormError message={query.error.message} />
      </Modal>
    );
  }
  if (!query.data) return null;
  return (
    <Modal open onClose={onClose} title={query.data.rfqNumber} size="lg">
      <RfqRecord rfq={query.data} />
    </Modal>
  );
}

const STATUS_FILTERS = ['', ...RFQ_STATUSES] as const;

export default function AdminRfqsPage() {
  const list = useListState({ status: '' as RfqStatus | '' }, { status: STATUS_FILTERS });
  const record = useRecordRoute();
  const { status } = list.filters;
  const { term: q, page } = list;
  const pageSize = LIMITS.adminPageSize;
  const query = useAdminRfqs({ q, status, page, pageSize });
  const columns: Array<Column<Rfq>> = [
    {
      id: 'number',
      header: 'RFQ',
      cell: (r) => <span className="font-medium whitespace-nowrap text-slate-900">{r.rfqNumber}</span>,
    },
    { id: 'product', header: 'Product', cell: (r) => r.productName },
    { id: 'buyer', header: 'Buyer', cell: (r) => r.buyerCompany },
    { id: 'seller', header: 'Seller', cell: (r) => r.sellerCompany },
    {
      id: 'value',
      header: 'Est. value',
      cell: (r) => <span className="whitespace-nowrap">{money(r.estimatedValue)}</span>,
    },
    { id: 'sent', header: 'Sent', cell: (r) => <span className="whitespace-nowrap">{formatDate(r.createdAt)}</span> },
    { id: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (r) => (
        <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => record.open(r.id)}>
          View
        </Button>
      ),
    },
  ];
  return (
    <div>
      <PageHeader title="RFQs" description="Every request for quotation between buyers and sellers, with its offers." />
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr_12rem] sm:items-end">
        <StatCard label="RFQs" value={query.data?.total ?? '-'} />
        <input
          type="search"
          aria-label="Search RFQs"
          placeholder="Search RFQ number, buyer, seller or product"
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
          className="h-10 rounded-lg border border-slate-300 px-3 text-sm outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
        />
        <select
          aria-label="Status"
          value={status}
          onChange={(e) => list.setFilter('status', e.target.value as RfqStatus | '')}
          className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
        >
          <option value="">All statuses</option>
          {RFQ_STATUSES.map((s) => (
            <option key={s} value={s}>
              {RFQ_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <ListPanel
        query={query}
        loadingLabel="Loading RFQs..."
        empty={!query.data?.rfqs.length}
        emptyTitle="No RFQs found."
      >
        {query.data && <DataTable label="RFQs" columns={columns} rows={query.data.rfqs} rowId={(r) => r.id} />}
      </ListPanel>
      {query.data && <Pagination page={page} pageSize={pageSize} total={query.data.total} onChange={list.setPage} />}
      {record.openId && <RfqRecordModal key={record.openId} id={record.openId} onClose={record.close} />}
    </div>
  );
}
