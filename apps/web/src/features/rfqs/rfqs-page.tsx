import { OfferHistory } from '../../components/offer-history.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatCount,
  formatDate,
  formatInr,
  offerSchema,
  RFQ_FINAL_STATUSES,
  RFQ_STATUSES,
  type RfqItem,
  type RfqStatus,
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
import { type TFunction, useT } from '../../lib/i18n.tsx';
import { categoryText } from '../../components/trade-words.ts';
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
/** Unknown values display as Pending (spec section 4). */
const rfqStatusText = (t: TFunction, status: string) =>
  t(`status.rfq.${(RFQ_STATUSES as readonly string[]).includes(status) ? status : 'pending'}`);
const StatusBadge = ({ status }: { status: string }) => {
  const t = useT();
  return <Badge tone={TONES[status] ?? 'yellow'}>{rfqStatusText(t, status)}</Badge>;
};
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

const PAGE_TABS = ['rfqs', 'board'] as const;
type PageTab = (typeof PAGE_TABS)[number];

/** RFQ Management: the seller's RFQs, and the requirements board (`?tab=board`) where buyers' requirements wait. */
export default function RfqsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab: PageTab = params.get('tab') === 'board' ? 'board' : 'rfqs';
  return (
    <div>
      <PageHeader title={t('rfqs.title')} description={t('rfqs.description')} />
      <Tabs
        label={t('rfqs.title')}
        tabs={PAGE_TABS.map((value) => ({ value, label: t(`rfqs.tabs.${value}`) }))}
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
  const t = useT();
  const list = useListState({ status: '' as RfqStatus | '' }, { status: STATUS_FILTERS });
  const record = useRecordRoute();
  const { status } = list.filters;
  const query = useRfqs(status, list.page);
  const { data } = query;

  const columns: Array<Column<RfqItem>> = [
    {
      id: 'details',
      header: t('rfqs.columns.details'),
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
    { id: 'buyer', header: t('rfqs.columns.buyer'), cell: (r) => r.buyerCompany },
    {
      id: 'quantity',
      header: t('rfqs.columns.quantity'),
      align: 'right',
      cell: (r) => formatCount(r.requestedQuantity),
    },
    { id: 'value', header: t('rfqs.columns.value'), align: 'right', cell: (r) => money(r.estimatedValue) },
    { id: 'status', header: t('common.status'), cell: (r) => <StatusBadge status={r.status} /> },
    {
      id: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (r) => (
        <button
          type="button"
          className="font-semibold text-brand-700 hover:underline"
          onClick={() => record.open(r.id)}
          aria-label={t('rfqs.viewAria', { number: r.rfqNumber })}
        >
          {t('common.view')}
        </button>
      ),
    },
  ];

  return (
    <div className="mt-4">
      <div className="w-full sm:w-48">
        <SelectField
          label={t('common.status')}
          value={status}
          onChange={(e) => list.setFilter('status', e.target.value as RfqStatus | '')}
        >
          <option value="">{t('rfqs.allStatuses')}</option>
          {RFQ_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.rfq.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <ListPanel
        query={query}
        loadingLabel={t('rfqs.loading')}
        empty={!data || data.orders.length === 0}
        emptyTitle={t('rfqs.emptyTitle')}
        emptyText={t('rfqs.emptyText')}
      >
        {data && <DataTable label={t('rfqs.tabs.rfqs')} columns={columns} rows={data.orders} rowId={(r) => r.id} />}
      </ListPanel>
      {data && (
        <Pagination
          page={list.page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={list.setPage}
          prevLabel={t('common.pagination.previous')}
        />
      )}
      <RfqDetailModal id={record.openId} onClose={record.close} />
    </div>
  );
}

type ActionKind = 'approve' | 'reject' | 'counter';

function RfqDetailModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const t = useT();
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
        title={rfq ? `${rfq.rfqNumber}: ${rfq.productName}` : t('rfqs.rfq')}
        footer={rfq && <RfqFooter rfq={rfq} closed={closed} onAction={setAction} onConverted={onClose} />}
      >
        {query.isPending && <Spinner label={t('rfqs.detail.loading')} />}
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
  const t = useT();
  if (closed) {
    // An accepted RFQ still has one action until its order exists: converting it.
    const canConvert = rfq.status === 'accepted' && !rfq.orderId;
    return (
      <div className="flex w-full flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          {canConvert ? t('rfqs.hasBeen', { status: rfq.status }) : t('rfqs.closed', { status: rfq.status })}
        </p>
        {canConvert && <ConvertToOrder rfq={rfq} onConverted={onConverted} />}
        {rfq.orderId && <Badge tone="green">{t('rfqs.orderCreated')}</Badge>}
      </div>
    );
  }
  // After the seller's own quote or counter offer only the buyer can accept it: no Approve until they answer.
  const waiting = rfq.waitingFor === 'buyer';
  return (
    <>
      {waiting && <p className="mr-auto text-sm font-medium text-slate-600">{t('rfqs.waitingForBuyer')}</p>}
      <Button variant="danger" onClick={() => onAction('reject')}>
        {t('rfqs.actions.reject')}
      </Button>
      <Button variant="secondary" onClick={() => onAction('counter')}>
        {t('rfqs.actions.counter')}
      </Button>
      {!waiting && <Button onClick={() => onAction('approve')}>{t('rfqs.actions.approve')}</Button>}
    </>
  );
}

/**
 * The order is taxed at the listed product's GST rate, else at the rate of the accepted quote (a requirement's quote
 * names one); an RFQ with neither needs the seller to choose a configured rate first (the server refuses any other).
 */
function ConvertToOrder({ rfq, onConverted }: { rfq: RfqItem; onConverted: () => void }) {
  const t = useT();
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
        toast.success(t('rfqs.convert.done', { orderId: order.orderId, rfq: rfq.rfqNumber }));
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
          {productRate
            ? t('rfqs.convert.gstFromListing', { rate: Number(fixedRate) })
            : t('rfqs.convert.gstFromQuote', { rate: Number(fixedRate) })}
        </p>
      ) : (
        <div className="w-40">
          <SelectField
            label={t('rfqs.convert.gstRate')}
            value={rate}
            error={gstError}
            onChange={(e) => setRate(e.target.value)}
          >
            <option value="">{t('common.choose')}</option>
            {rates.map((r) => (
              <option key={r} value={String(r)}>
                {r}%
              </option>
            ))}
          </SelectField>
        </div>
      )}
      <Button disabled={convert.isPending || (!fixedRate && rate === '')} onClick={submit}>
        {convert.isPending ? t('rfqs.convert.creating') : t('rfqs.convert.submit')}
      </Button>
    </div>
  );
}

function RfqDetails({ rfq }: { rfq: RfqItem }) {
  const t = useT();
  const facts: Array<[string, string]> = [
    [t('rfqs.columns.buyer'), `${rfq.buyerCompany} (${rfq.buyerContact})`],
    [t('rfqs.detail.category'), rfq.category ? categoryText(t, rfq.category) : '—'],
    [t('rfqs.detail.requestedQuantity'), formatCount(rfq.requestedQuantity)],
    [t('rfqs.detail.targetPrice'), rfq.targetPrice ? t('common.perUnit', { price: formatInr(rfq.targetPrice) }) : '—'],
    [t('rfqs.detail.estimatedValue'), money(rfq.estimatedValue)],
    [t('rfqs.detail.deadline'), rfq.deadline ? formatDate(rfq.deadline) : '—'],
    [t('rfqs.detail.received'), formatDate(rfq.createdAt)],
  ];
  if (rfq.agreedPrice) {
    facts.push([
      t('rfqs.detail.agreed'),
      `${formatInr(rfq.agreedPrice)} × ${formatCount(rfq.agreedQuantity ?? rfq.requestedQuantity)}`,
    ]);
  }
  if (rfq.rejectionReason) facts.push([t('rfqs.detail.rejectionReason'), rfq.rejectionReason]);
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
          <h3 className="font-semibold">{t('rfqs.detail.specifications')}</h3>
          <ul className="ml-5 list-disc">
            {rfq.specifications.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </div>
      )}
      {rfq.originalProduct && (
        <div className="rounded-xl border border-slate-200 p-3">
          <h3 className="font-semibold">{t('rfqs.detail.listedProduct')}</h3>
          <p>
            {rfq.originalProduct.name}: {t('common.perUnit', { price: money(rfq.originalProduct.yourPrice) })}
          </p>
        </div>
      )}
      <div>
        <h3 className="mb-2 font-semibold">{t('rfqs.detail.history')}</h3>
        <OfferHistory offers={rfq.offers} names={{ seller: t('common.you'), buyer: rfq.buyerCompany }} own="seller" />
      </div>
    </div>
  );
}

function ActionModal({ rfq, kind, onClose }: { rfq: RfqItem; kind: ActionKind; onClose: () => void }) {
  const t = useT();
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
      toast.success(t('rfqs.action.done', { number: next.rfqNumber, status: rfqStatusText(t, next.status) }));
      onClose();
    } catch (e) {
      const err = e as ApiError;
      for (const [field, message] of Object.entries(err.fields ?? {})) {
        if (field === 'pricePerUnit' || field === 'quantity' || field === 'notes') form.setError(field, { message });
      }
      setFailure(err.message);
    }
  };
  const errors = form.formState.errors;
  return (
    <Modal open onClose={onClose} title={t(`rfqs.action.title.${kind}`, { number: rfq.rfqNumber })}>
      {kind === 'approve' && (
        <div className="space-y-3 text-sm">
          <p>
            {buyerTerms?.by === 'buyer' && buyerTerms.pricePerUnit
              ? t('rfqs.action.approveTerms', {
                  product: rfq.productName,
                  buyer: rfq.buyerCompany,
                  price: formatInr(buyerTerms.pricePerUnit),
                  quantity: formatCount(buyerTerms.quantity ?? rfq.requestedQuantity),
                })
              : t('rfqs.action.approveText', { product: rfq.productName, buyer: rfq.buyerCompany })}
          </p>
          <FormError message={failure} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('common.back')}
            </Button>
            <Button disabled={mutation.isPending} onClick={() => run({ kind: 'approve' })}>
              {t('rfqs.actions.approve')}
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
            label={t('common.reasonOptional')}
            rows={3}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <FormError message={failure} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('common.back')}
            </Button>
            <Button type="submit" variant="danger" disabled={mutation.isPending}>
              {t('rfqs.actions.reject')}
            </Button>
          </div>
        </form>
      )}
      {kind === 'counter' && (
        <form className="space-y-3" noValidate onSubmit={form.handleSubmit((v) => run({ kind: 'counter', ...v }))}>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={t('rfqs.action.pricePerUnit')}
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              error={errors.pricePerUnit?.message}
              {...form.register('pricePerUnit')}
            />
            <TextField
              label={t('rfqs.columns.quantity')}
              type="number"
              step="1"
              min="1"
              inputMode="numeric"
              error={errors.quantity?.message}
              {...form.register('quantity')}
            />
          </div>
          <TextAreaField label={t('common.notes')} rows={3} error={errors.notes?.message} {...form.register('notes')} />
          <FormError message={failure} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('common.back')}
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {t('rfqs.action.sendCounter')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
