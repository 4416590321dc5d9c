import {
  ADMIN_BUYER_RECORD_ROWS,
  type AdminBuyerDetail,
  type AdminBuyerListItem,
  BUYER_STATUS_FILTERS,
  type BuyerStatusFilter,
  DISPUTE_STATUS_LABELS,
  LIMITS,
  ORDER_STATUS_LABELS,
  REASON_DIALOG_TITLES,
  rfqStatusLabel,
} from '@ub/shared';
import { formatDate, formatInr } from '@ub/shared/format';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Badge, PageHeader } from '../../components/feedback.tsx';
import { FormError } from '../../components/field.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Modal } from '../../components/modal.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { type Column, DataTable, StatCard } from '../../components/table.tsx';
import { useListState, useRecordRoute } from '../../lib/use-list-state.ts';
import { useAdminBuyer, useAdminBuyers, useBuyerBlock } from './api.ts';

type Buyer = AdminBuyerListItem;

const FILTER_LABELS: Record<BuyerStatusFilter, string> = {
  all: 'All buyers',
  active: 'Active',
  blocked: 'Blocked',
};

const StatusBadge = ({ b }: { b: Buyer }) => (
  <Badge tone={b.status === 'blocked' ? 'red' : 'green'}>{b.statusLabel}</Badge>
);

/** Block (through the reason dialog) or unblock, the same in the table row and the record. */
function BlockButton({ b, onBlock }: { b: Buyer; onBlock: (b: Buyer) => void }) {
  const act = useBuyerBlock();
  if (b.status === 'active') {
    return (
      <Button variant="danger" className="px-3 py-1 text-xs" onClick={() => onBlock(b)}>
        Block
      </Button>
    );
  }
  return (
    <Button
      className="px-3 py-1 text-xs"
      disabled={act.isPending}
      onClick={() =>
        act.mutate(
          { id: b.id },
          {
            onSuccess: (u) => toast.success(`${u.company} is unblocked.`),
            onError: (e) => toast.error(e.message),
          },
        )
      }
    >
      Unblock
    </Button>
  );
}

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <section className="mt-5">
      <h3 className="mb-2 text-sm font-semibold text-slate-700">
        {title} <span className="font-normal text-slate-500">({count})</span>
      </h3>
      {count === 0 ? <p className="text-sm text-slate-500">None yet.</p> : children}
    </section>
  );
}

// Columns line up on a wide screen; on a phone each row wraps into two columns.
const rowClass = 'grid grid-cols-2 items-center gap-x-3 gap-y-1 py-2 text-sm';
const orderCols = 'sm:grid-cols-[10rem_1fr_7rem_6rem_6rem]';
const rfqCols = 'sm:grid-cols-[10rem_1fr_6rem_6rem]';
const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline';

function BuyerRecord({ d }: { d: AdminBuyerDetail }) {
  const facts: Array<[string, string]> = [
    ['Company', d.company],
    ['Contact', d.contactName],
    ['Email', d.email],
    ['Phone', d.phone ?? '-'],
    ['GSTIN', d.gst ?? '-'],
    ['Address', d.address ?? '-'],
    ['State', d.state ?? '-'],
    ['Joined', formatDate(d.joinedAt)],
  ];
  return (
    <div>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
        {facts.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium text-slate-500">{k}</dt>
            <dd className="break-words text-slate-900">{v}</dd>
          </div>
        ))}
        <dt className="font-medium text-slate-500">Status</dt>
        <dd>
          <StatusBadge b={d} />
          {d.blockedReason && (
            <p className="mt-1 text-xs text-slate-600">
              Blocked {d.blockedAt ? formatDate(d.blockedAt) : ''}. Reason: {d.blockedReason}
            </p>
          )}
        </dd>
      </dl>
      <Section title="Orders" count={d.counts.orders}>
        <ul className="divide-y divide-slate-100">
          {d.orders.map((o) => (
            <li key={o.id} className={`${rowClass} ${orderCols}`}>
              <Link to={`/admin/orders/${o.id}`} className={linkClass}>
                {o.orderNumber}
              </Link>
              <span className="text-slate-600">{o.manufacturer}</span>
              <span className="sm:text-right">{formatInr(o.total)}</span>
              <span>
                <Badge tone="gray">{ORDER_STATUS_LABELS[o.status]}</Badge>
              </span>
              <span className="text-xs text-slate-500 sm:text-right">{formatDate(o.createdAt)}</span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="RFQs" count={d.counts.rfqs}>
        <ul className="divide-y divide-slate-100">
          {d.rfqs.map((r) => (
            <li key={r.id} className={`${rowClass} ${rfqCols}`}>
              <Link to={`/admin/rfqs/${r.id}`} className={linkClass}>
                {r.rfqNumber}
              </Link>
              <span className="text-slate-600">
                {r.productName} · {r.manufacturer}
              </span>
              <span>
                <Badge tone="gray">{rfqStatusLabel(r.status)}</Badge>
              </span>
              <span className="text-xs text-slate-500 sm:text-right">{formatDate(r.createdAt)}</span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Disputes" count={d.counts.disputes}>
        <ul className="divide-y divide-slate-100">
          {d.disputes.map((x) => (
            <li key={x.id} className={`${rowClass} ${rfqCols}`}>
              <Link to={`/admin/disputes/${x.id}`} className={linkClass}>
                {x.orderNumber}
              </Link>
              <span className="line-clamp-1 text-slate-600">{x.reason}</span>
              <span>
                <Badge tone={x.status === 'open' ? 'red' : 'gray'}>{DISPUTE_STATUS_LABELS[x.status]}</Badge>
              </span>
              <span className="text-xs text-slate-500 sm:text-right">{formatDate(x.createdAt)}</span>
            </li>
          ))}
        </ul>
      </Section>
      {(d.counts.orders > d.orders.length ||
        d.counts.rfqs > d.rfqs.length ||
        d.counts.disputes > d.disputes.length) && (
        <p className="mt-3 text-xs text-slate-500">The newest {ADMIN_BUYER_RECORD_ROWS} of each are listed.</p>
      )}
    </div>
  );
}

/** The buyer of the record URL (/admin/buyers/:id), read by id, so a shared or reloaded link opens it. */
function BuyerRecordModal({ id, onClose, onBlock }: { id: string; onClose: () => void; onBlock: (b: Buyer) => void }) {
  const query = useAdminBuyer(id);
  if (query.isError) {
    return (
      <Modal open onClose={onClose} title="Buyer not found" size="sm">
        <FormError message={query.error.message} />
      </Modal>
    );
  }
  // One dialog only (opened once the buyer is read), so focus returns to the row's button when it closes.
  if (!query.data) return null;
  return (
    <Modal
      open
      onClose={onClose}
      title="Buyer Details"
      size="lg"
      footer={<BlockButton b={query.data} onBlock={onBlock} />}
    >
      <BuyerRecord d={query.data} />
    </Modal>
  );
}

export default function AdminBuyersPage() {
  const list = useListState({ status: 'all' as BuyerStatusFilter }, { status: BUYER_STATUS_FILTERS });
  const record = useRecordRoute();
  const { status } = list.filters;
  const { term: q, page } = list;
  const pageSize = LIMITS.adminPageSize;
  const query = useAdminBuyers({ q, status, page, pageSize });
  const [blocking, setBlocking] = useState<Buyer | null>(null);
  const act = useBuyerBlock();
  const columns: Array<Column<Buyer>> = [
    { id: 'company', header: 'Company', cell: (b) => <span className="font-medium text-slate-900">{b.company}</span> },
    { id: 'contact', header: 'Contact', cell: (b) => b.contactName },
    { id: 'email', header: 'Email', cell: (b) => <span className="break-all">{b.email}</span> },
    { id: 'phone', header: 'Phone', cell: (b) => b.phone ?? '-' },
    { id: 'state', header: 'State', cell: (b) => b.state ?? '-' },
    {
      id: 'joined',
      header: 'Joined',
      cell: (b) => <span className="whitespace-nowrap">{formatDate(b.joinedAt)}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (b) => (
        <>
          <StatusBadge b={b} />
          {b.blockedReason && <p className="mt-1 line-clamp-2 text-xs text-slate-500">{b.blockedReason}</p>}
        </>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (b) => (
        <>
          <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => record.open(b.id)}>
            View Details
          </Button>
          <BlockButton b={b} onBlock={setBlocking} />
        </>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title="Buyers"
        description="Find buyers, see their orders, RFQs and disputes, and block or unblock them."
      />
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr_12rem] sm:items-end">
        <StatCard label="Total Buyers" value={query.data?.total ?? '-'} />
        <input
          type="search"
          aria-label="Search buyers"
          placeholder="Search company, contact, email, phone or GSTIN"
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
          className="h-10 rounded-lg border border-slate-300 px-3 text-sm outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
        />
        <select
          aria-label="Status"
          value={status}
          onChange={(e) => list.setFilter('status', e.target.value as BuyerStatusFilter)}
          className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
        >
          {BUYER_STATUS_FILTERS.map((v) => (
            <option key={v} value={v}>
              {FILTER_LABELS[v]}
            </option>
          ))}
        </select>
      </div>
      <ListPanel
        query={query}
        loadingLabel="Loading buyers..."
        empty={!query.data?.buyers.length}
        emptyTitle="No buyers found."
      >
        {query.data && <DataTable label="Buyers" columns={columns} rows={query.data.buyers} rowId={(b) => b.id} />}
      </ListPanel>
      {query.data && <Pagination page={page} pageSize={pageSize} total={query.data.total} onChange={list.setPage} />}
      {record.openId && (
        <BuyerRecordModal key={record.openId} id={record.openId} onClose={record.close} onBlock={setBlocking} />
      )}
      <ReasonDialog
        open={Boolean(blocking)}
        subject="buyer"
        title={REASON_DIALOG_TITLES.blockBuyer}
        onClose={() => setBlocking(null)}
        onSubmit={(reason) =>
          blocking
            ? act.mutateAsync(
                { id: blocking.id, reason },
                { onSuccess: (b) => toast.success(`${b.company} is blocked and signed out.`) },
              )
            : Promise.resolve()
        }
      />
    </div>
  );
}
