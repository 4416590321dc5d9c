import { OfferHistory } from '../../components/offer-history.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CATEGORY_LABELS,
  formatCount,
  formatDate,
  formatInr,
  labelOf,
  offerSchema,
  RFQ_FINAL_STATUSES,
  RFQ_MESSAGES,
  RFQ_STATUS_LABELS,
  RFQ_STATUSES,
  type RfqItem,
  type RfqStatus,
  rfqClosedMessage,
  rfqStatusLabel,
} from '@ub/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { Button } from '../../components/button.tsx';
import { Badge, PageHeader, Spinner, type Tone } from '../../components/feedback.tsx';
import { FormError, SelectField, TextAreaField, TextField } from '../../components/field.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Modal } from '../../components/modal.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { type Column, DataTable } from '../../components/table.tsx';
import type { ApiError } from '../../lib/api.ts';
import { useListState, useRecordRoute } from '../../lib/use-list-state.ts';
import { RequirementsBoard } from '../requirements/components/requirements-board.tsx';
import { type RfqAction, useConvertRfq, useGstRates, useRfq, useRfqAction, useRfqs } from './api.ts';

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
const money = (v: string | null) => (v ? formatInr(v) : '—');

function ProductThumb({ rfq }: { rfq: RfqItem }) {
  const [broken, setBroken] = useState(false);
  const src = rfq.originalProduct?.image;
  if (src && !broken) {
    return <img src={src} alt="" onError={() => setBroken(true)} className="h-10 w-10 rounded-md object-cover" />;
  }
  return (
    <span
      aria-hidden="true"
      className="flex h-10 w-10 shrink-0 items-center justify-center rounded-md bg-brand-50 font-bold text-brand-700"
    >
      {rfq.productName.slice(0, 1).toUpperCase()}
    </span>
  );
}

const STATUS_FILTERS = ['', ...RFQ_STATUSES] as const;

const PAGE_TABS = [
  { value: 'rfqs', label: 'RFQs' },
  { value: 'board', label: 'Requirements board' },
] as const;
type PageTab = (typeof PAGE_TABS)[number]['value'];

/** RFQ Management: the seller's RFQs, and the requirements board (`?tab=board`) where buyers' requirements wait. */
export default function RfqsPage() {
  const [params, setParams] = useSearchParams();
  const tab: PageTab = params.get('tab') === 'board' ? 'board' : 'rfqs';
  return (
    <div>
      <PageHeader
        title="RFQ Management"
        description="Requests for quotation from buyers: answer, negotiate and turn accepted ones into orders. The requirements board holds buyers' open requirements in your categories."
      />
      <Tabs
        label="RFQ Management"
        tabs={PAGE_TABS}
        value={tab}
        // Each tab keeps its own list state; switching starts the other one afresh.
        onChange={(v) => setParams(v === 'board' ? { tab: 'board' } : {})}
      >
        {tab === 'board' ? <RequirementsBoard /> : <RfqList />}
      </Tabs>
    </div>
  );
}

function RfqList() {
  const list = useListState({ status: '' as RfqStatus | '' }, { status: STATUS_FILTERS });
  const record = useRecordRoute();
  const { status } = list.filters;
  const query = useRfqs(status, list.page);
  const { data } = query;

  const columns: Array<Column<RfqItem>> = [
    {
      id: 'details',
      header: 'RFQ Details',
      cell: (r) => (
        <div className="flex items-center gap-3">
          <ProductThumb rfq={r} />
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{r.productName}</p>
            <p className="text-xs text-slate-500">{r.rfqNumber}</p>
          </div>
        </div>
      ),
    },
    { id: 'buyer', header: 'Buyer', cell: (r) => r.buyerCompany },
    { id: 'quantity', header: 'Quantity', align: 'right', cell: (r) => formatCount(r.requestedQuantity) },
    { id: 'value', header: 'Value', align: 'right', cell: (r) => money(r.estimatedValue) },
    { id: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (r) => (
        <button
          type="button"
          className="font-semibold text-brand-700 hover:underline"
          onClick={() => record.open(r.id)}
          aria-label={`View ${r.rfqNumber}`}
        >
          View
        </button>
      ),
    },
  ];

  return (
    <div className="mt-4">
      <div className="w-full sm:w-48">
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => list.setFilter('status', e.target.value as RfqStatus | '')}
        >
          <option value="">All statuses</option>
          {RFQ_STATUSES.map((s) => (
            <option key={s} value={s}>
              {RFQ_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
      </div>
      <ListPanel
        query={query}
        loadingLabel="Loading RFQs..."
        empty={!data || data.orders.length === 0}
        emptyTitle="No RFQs Available"
        emptyText="New manufacturing requests will appear here."
      >
        {data && <DataTable label="RFQs" columns={columns} rows={data.orders} rowId={(r) => r.id} />}
      </ListPanel>
      {data && (
        <Pagination
          page={list.page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={list.setPage}
          prevLabel="Previous"
        />
      )}
      <RfqDetailModal id={record.openId} onClose={record.close} />
    </div>
  );
}

type ActionKind = 'approve' | 'reject' | 'counter';

function RfqDetailModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const [action, setAction] = useState<ActionKind | null>(null);
  const query = useRfq(id);
  const rfq = id ? query.data : undefined;
  const closed = rfq ? RFQ_FINAL_STATUSES.includes(rfq.status as RfqStatus) : false;
  return (
    <>
      <Modal
        open={Boolean(id) && !action}
        onClose={onClose}
        size="lg"
        title={rfq ? `${rfq.rfqNumber}: ${rfq.productName}` : 'RFQ'}
        footer={rfq && <RfqFooter rfq={rfq} closed={closed} onAction={setAction} onConverted={onClose} />}
      >
        {query.isPending && <Spinner label="Loading RFQ..." />}
        {query.isError && <FormError message={query.error.message} />}
        {rfq && <RfqDetails rfq={rfq} />}
      </Modal>
      {rfq && action && <ActionModal rfq={rfq} kind={action} onClose={() => setAction(null)} />}
    </>
  );
}

export function RfqFooter({
  rfq,
  closed,
  onAction,
  onConverted,
}: {
  rfq: RfqItem;
  closed: boolean;
  onAction: (a: ActionKind) => void;
  onConverted: () => void;
}) {
  if (closed) {
    // An accepted RFQ still has one action until its order exists: converting it.
    const canConvert = rfq.status === 'accepted' && !rfq.orderId;
    return (
      <div className="flex w-full flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          {canConvert ? `This RFQ has been ${rfq.status}.` : rfqClosedMessage(rfq.status)}
        </p>
        {canConvert && <ConvertToOrder rfq={rfq} onConverted={onConverted} />}
        {rfq.orderId && <Badge tone="green">Order created</Badge>}
      </div>
    );
  }
  // After the seller's own quote or counter offer only the buyer can accept it: no Approve until they answer.
  const waiting = rfq.waitingFor === 'buyer';
  return (
    <>
      {waiting && <p className="mr-auto text-sm font-medium text-slate-600">{RFQ_MESSAGES.waitingForBuyer}</p>}
      <Button variant="danger" onClick={() => onAction('reject')}>
        Reject
      </Button>
      <Button variant="secondary" onClick={() => onAction('counter')}>
        Counter Offer
      </Button>
      {!waiting && <Button onClick={() => onAction('approve')}>Approve</Button>}
    </>
  );
}

/**
 * The order is taxed at the listed product's GST rate, else at the rate of the accepted quote (a requirement's quote
 * names one); an RFQ with neither needs the seller to choose a configured rate first (the server refuses any other).
 */
function ConvertToOrder({ rfq, onConverted }: { rfq: RfqItem; onConverted: () => void }) {
  const convert = useConvertRfq(rfq.id);
  const rates = useGstRates();
  const productRate = rfq.originalProduct?.gstPercentage ?? null;
  const agreedRate = productRate === null ? rfq.agreedGstRate : null;
  const fixedRate = productRate ?? agreedRate;
  const [rate, setRate] = useState('');
  const [gstError, setGstError] = useState<string | undefined>();
  const submit = () => {
    setGstError(undefined);
    convert
      .mutateAsync(fixedRate ? {} : { gstPercentage: Number(rate) })
      .then((order) => {
        toast.success(`Order ${order.orderId} created from ${rfq.rfqNumber}.`);
        onConverted();
      })
      .catch((e: ApiError) => {
        if (e.fields.gstPercentage) setGstError(e.fields.gstPercentage);
        toast.error(e.message);
      });
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      {fixedRate ? (
        <p className="text-sm text-slate-600">
          GST {Number(fixedRate)}% ({productRate ? 'from your listing' : 'from the accepted quote'})
        </p>
      ) : (
        <div className="w-40">
          <SelectField label="GST rate" value={rate} error={gstError} onChange={(e) => setRate(e.target.value)}>
            <option value="">Choose...</option>
            {rates.map((r) => (
              <option key={r} value={String(r)}>
                {r}%
              </option>
            ))}
          </SelectField>
        </div>
      )}
      <Button disabled={convert.isPending || (!fixedRate && rate === '')} onClick={submit}>
        {convert.isPending ? 'Creating order...' : 'Convert to order'}
      </Button>
    </div>
  );
}

function RfqDetails({ rfq }: { rfq: RfqItem }) {
  const facts: Array<[string, string]> = [
    ['Buyer', `${rfq.buyerCompany} (${rfq.buyerContact})`],
    ['Category', rfq.category ? labelOf(CATEGORY_LABELS, rfq.category) : '—'],
    ['Requested quantity', formatCount(rfq.requestedQuantity)],
    ['Target price', rfq.targetPrice ? `${formatInr(rfq.targetPrice)} per unit` : '—'],
    ['Estimated value', money(rfq.estimatedValue)],
    ['Deadline', rfq.deadline ? formatDate(rfq.deadline) : '—'],
    ['Received', formatDate(rfq.createdAt)],
  ];
  if (rfq.agreedPrice) {
    facts.push([
      'Agreed',
      `${formatInr(rfq.agreedPrice)} × ${formatCount(rfq.agreedQuantity ?? rfq.requestedQuantity)}`,
    ]);
  }
  if (rfq.rejectionReason) facts.push(['Rejection reason', rfq.rejectionReason]);
  return (
    <div className="space-y-4 text-sm">
      <StatusBadge status={rfq.status} />
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr]">
        {facts.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-500">{k}</dt>
            <dd className="font-medium">{v}</dd>
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
      {rfq.originalProduct && (
        <div className="rounded-xl border border-slate-200 p-3">
          <h3 className="font-semibold">Your listed product</h3>
          <p>
            {rfq.originalProduct.name}: {money(rfq.originalProduct.yourPrice)} per unit
          </p>
        </div>
      )}
      <div>
        <h3 className="mb-2 font-semibold">Negotiation history</h3>
        <OfferHistory offers={rfq.offers} names={{ seller: 'You', buyer: rfq.buyerCompany }} own="seller" />
      </div>
    </div>
  );
}

function ActionModal({ rfq, kind, onClose }: { rfq: RfqItem; kind: ActionKind; onClose: () => void }) {
  const mutation = useRfqAction(rfq.id);
  const last = [...rfq.offers].reverse().find((o) => o.pricePerUnit);
  // Approving accepts the buyer's latest terms: the last move, which is the buyer's whenever Approve is offered.
  const buyerTerms = rfq.offers.at(-1);
  const form = useForm<z.input<typeof offerSchema>, unknown, z.output<typeof offerSchema>>({
    resolver: zodResolver(offerSchema),
    defaultValues: {
      pricePerUnit: last?.pricePerUnit ?? rfq.targetPrice ?? '',
      quantity: last?.quantity ?? rfq.requestedQuantity,
      notes: '',
    },
  });
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (action: RfqAction) => {
    setFailure(null);
    try {
      const next = await mutation.mutateAsync(action);
      toast.success(`${next.rfqNumber} is now ${rfqStatusLabel(next.status)}.`);
      onClose();
    } catch (e) {
      const err = e as ApiError;
      for (const [field, message] of Object.entries(err.fields ?? {})) {
        if (field === 'pricePerUnit' || field === 'quantity' || field === 'notes') form.setError(field, { message });
      }
      setFailure(err.message);
    }
  };
  const titles: Record<ActionKind, string> = { approve: 'Approve RFQ', reject: 'Reject RFQ', counter: 'Counter Offer' };
  const errors = form.formState.errors;
  return (
    <Modal open onClose={onClose} title={`${titles[kind]}: ${rfq.rfqNumber}`}>
      {kind === 'approve' && (
        <div className="space-y-3 text-sm">
          <p>
            Accept {rfq.productName} for {rfq.buyerCompany}
            {buyerTerms?.by === 'buyer' && buyerTerms.pricePerUnit
              ? ` at the buyer's terms: ${formatInr(buyerTerms.pricePerUnit)} per unit × ${formatCount(buyerTerms.quantity ?? rfq.requestedQuantity)}`
              : ''}
            ?
          </p>
          <FormError message={failure} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Back
            </Button>
            <Button disabled={mutation.isPending} onClick={() => run({ kind: 'approve' })}>
              Approve
            </Button>
          </div>
        </div>
      )}
      {kind === 'reject' && (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            void run({ kind: 'reject', reason: reason.trim() || undefined });
          }}
        >
          <TextAreaField
            label="Reason (optional)"
            rows={3}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <FormError message={failure} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" variant="danger" disabled={mutation.isPending}>
              Reject
            </Button>
          </div>
        </form>
      )}
      {kind === 'counter' && (
        <form className="space-y-3" noValidate onSubmit={form.handleSubmit((v) => run({ kind: 'counter', ...v }))}>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="Price per unit (₹)"
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              error={errors.pricePerUnit?.message}
              {...form.register('pricePerUnit')}
            />
            <TextField
              label="Quantity"
              type="number"
              step="1"
              min="1"
              inputMode="numeric"
              error={errors.quantity?.message}
              {...form.register('quantity')}
            />
          </div>
          <TextAreaField label="Notes" rows={3} error={errors.notes?.message} {...form.register('notes')} />
          <FormError message={failure} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              Send counter offer
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
