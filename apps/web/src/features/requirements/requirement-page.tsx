import {
  formatDate,
  formatInr,
  formatQuantity,
  type BuyerRequirementDetail,
  REQUIREMENT_ATTACHMENT_LIMITS,
  type RequirementQuoteItem,
} from '@ub/shared';
import { BadgeCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Badge, EmptyState, PageHeader, Spinner } from '../../components/feedback.tsx';
import { FormError, TextAreaField } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { type Column, DataTable } from '../../components/table.tsx';
import type { ApiError } from '../../lib/api.ts';
import { useAcceptQuote } from './api/accept-quote.ts';
import { useAddAttachments } from './api/add-attachments.ts';
import { AttachmentList, ATTACHMENT_ACCEPT, attachmentProblem } from './components/attachments.tsx';
import { useBuyerRequirement } from './api/buyer-requirement.ts';
import { useCloseRequirement } from './api/close-requirement.ts';
import { QuoteStatusBadge, RequirementFacts, RequirementStatusBadge } from './components/requirement-bits.tsx';

/** /buyer/requirements/:id: the requirement and its quotes compared side by side; accept one or close it. */
export default function RequirementPage() {
  const { id = '' } = useParams<{ id: string }>();
  const query = useBuyerRequirement(id);
  const r = query.data;
  return (
    <div className="mx-auto max-w-6xl">
      <Link to="/buyer/requirements" className="text-sm font-semibold text-brand-700 hover:underline">
        ← My requirements
      </Link>
      {query.isPending && <Spinner label="Loading requirement..." />}
      {query.isError && (
        <div className="mt-4">
          <FormError message={query.error.message} />
        </div>
      )}
      {r && <RequirementView r={r} />}
    </div>
  );
}

function RequirementView({ r }: { r: BuyerRequirementDetail }) {
  const [accepting, setAccepting] = useState<RequirementQuoteItem | null>(null);
  const [closing, setClosing] = useState(false);
  const open = r.status === 'open';
  const columns: Array<Column<RequirementQuoteItem>> = [
    {
      id: 'seller',
      header: 'Seller',
      className: 'min-w-48',
      cell: (q) => (
        <div className="space-y-1">
          <p className="flex items-center gap-1 font-medium text-slate-900">
            {q.sellerCompany}
            {q.verified && <BadgeCheck aria-label="Verified seller" className="h-4 w-4 shrink-0 text-green-600" />}
          </p>
          <p className="text-xs text-slate-500">
            {q.sellerState ?? 'State not given'}
            {' · '}
            {q.responseRate === null ? 'No RFQ history yet' : `Answers ${q.responseRate}% of RFQs`}
            {' · '}
            {q.deliveredOrders} orders delivered
          </p>
          <div className="flex flex-wrap gap-1">
            {q.id === r.cheapestQuoteId && <Badge tone="green">Cheapest</Badge>}
            {q.id === r.fastestQuoteId && <Badge tone="blue">Fastest</Badge>}
          </div>
        </div>
      ),
    },
    {
      id: 'price',
      header: 'Price per unit',
      align: 'right',
      cell: (q) => (
        <div>
          <p className="font-semibold text-slate-900">{formatInr(q.pricePerUnit)}</p>
          <p className="text-xs text-slate-500">
            {q.gstRate === null ? 'GST not stated' : `+ GST ${Number(q.gstRate)}%`}
          </p>
        </div>
      ),
    },
    { id: 'quantity', header: 'Quantity', align: 'right', cell: (q) => formatQuantity(q.quantity, r.unit) },
    {
      id: 'total',
      header: 'Total',
      align: 'right',
      cell: (q) => (
        <div>
          <p className="font-semibold text-slate-900">{formatInr(q.totalWithGst ?? q.subtotal)}</p>
          <p className="text-xs text-slate-500">{q.totalWithGst ? 'with GST' : 'before GST'}</p>
        </div>
      ),
    },
    { id: 'delivery', header: 'Delivery', align: 'right', cell: (q) => `${q.deliveryDays} days` },
    { id: 'valid', header: 'Valid until', cell: (q) => formatDate(q.validUntil) },
    {
      id: 'note',
      header: 'Note',
      cell: (q) => <span className="line-clamp-3 text-slate-600">{q.note ?? '—'}</span>,
    },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (q) =>
        open && q.status === 'open' ? (
          <Button
            className="px-3 py-1 text-xs"
            onClick={() => setAccepting(q)}
            aria-label={`Accept ${q.sellerCompany}'s quote`}
          >
            Accept
          </Button>
        ) : (
          <QuoteStatusBadge status={q.status} />
        ),
    },
  ];
  return (
    <>
      <div className="mt-3">
        <PageHeader
          title={r.title}
          description={`${r.number} · ${r.quoteCount} ${r.quoteCount === 1 ? 'quote' : 'quotes'}`}
          actions={
            open && (
              <Button variant="secondary" onClick={() => setClosing(true)}>
                Close requirement
              </Button>
            )
          }
        />
      </div>
      {r.status === 'accepted' && r.rfqId && (
        <div role="status" className="mb-4 rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900">
          You accepted a quote: it is now an accepted RFQ.{' '}
          <Link to={`/buyer/rfqs/${r.rfqId}`} className="font-semibold underline">
            Open the RFQ and confirm your order
          </Link>
        </div>
      )}
      {r.closedReason && r.status !== 'accepted' && (
        <p className="mb-4 rounded-xl bg-slate-100 p-3 text-sm text-slate-700">Closed: {r.closedReason}</p>
      )}
      <div className="grid gap-4">
        <section className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="mb-3">
            <RequirementStatusBadge status={r.status} />
          </div>
          <RequirementFacts r={r} />
          {r.description && <p className="mt-3 whitespace-pre-line text-sm text-slate-700">{r.description}</p>}
          {r.attachments.length > 0 && (
            <div className="mt-3">
              <AttachmentList attachments={r.attachments} />
            </div>
          )}
          {open && r.attachments.length < REQUIREMENT_ATTACHMENT_LIMITS.files && (
            <MoreAttachments requirementId={r.id} room={REQUIREMENT_ATTACHMENT_LIMITS.files - r.attachments.length} />
          )}
        </section>
        <section aria-labelledby="quotes-title">
          <h2 id="quotes-title" className="text-lg font-semibold text-slate-900">
            Quotes compared
          </h2>
          <p className="text-sm text-slate-600">Cheapest is by price per unit before GST; fastest by delivery days.</p>
          <div className="mt-2 rounded-xl border border-slate-200 bg-white">
            {r.quotes.length === 0 ? (
              <EmptyState title="No quotes yet">
                Verified sellers of the category have been told. Quotes appear here.
              </EmptyState>
            ) : (
              <DataTable label="Quotes" columns={columns} rows={r.quotes} rowId={(q) => q.id} />
            )}
          </div>
        </section>
      </div>
      {accepting && <AcceptDialog r={r} quote={accepting} onClose={() => setAccepting(null)} />}
      {closing && <CloseDialog id={r.id} onClose={() => setClosing(false)} />}
    </>
  );
}

function AcceptDialog({
  r,
  quote,
  onClose,
}: {
  r: BuyerRequirementDetail;
  quote: RequirementQuoteItem;
  onClose: () => void;
}) {
  const accept = useAcceptQuote(r.id);
  const others = r.quotes.filter((q) => q.id !== quote.id && q.status === 'open').length;
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title="Accept this quote?"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Back
          </Button>
          <Button
            disabled={accept.isPending}
            onClick={() =>
              accept
                .mutateAsync(quote.id)
                .then((res) => {
                  toast.success(`Accepted: ${res.rfqNumber} is ready for you to confirm the order.`);
                  onClose();
                })
                .catch(() => undefined)
            }
          >
            {accept.isPending ? 'Accepting...' : 'Accept quote'}
          </Button>
        </>
      }
    >
      <div className="space-y-2 text-sm">
        <p>
          {quote.sellerCompany}: {formatInr(quote.pricePerUnit)} per unit × {formatQuantity(quote.quantity, r.unit)} ={' '}
          <strong>{formatInr(quote.totalWithGst ?? quote.subtotal)}</strong>
          {quote.totalWithGst ? ' with GST' : ' before GST'}, delivery in {quote.deliveryDays} days.
        </p>
        <p className="text-slate-600">
          It becomes an accepted RFQ with this seller, where you confirm the order and its delivery address.
          {others > 0
            ? ` The other ${others === 1 ? 'quote closes' : `${others} quotes close`} and their sellers are told.`
            : ''}
        </p>
        <FormError message={accept.error?.message} />
      </div>
    </Modal>
  );
}

function CloseDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const close = useCloseRequirement(id);
  const [reason, setReason] = useState('');
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title="Close this requirement?"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Back
          </Button>
          <Button
            variant="danger"
            disabled={close.isPending}
            onClick={() =>
              close
                .mutateAsync(reason.trim() || undefined)
                .then(() => {
                  toast.success('Requirement closed. Sellers who quoted are told.');
                  onClose();
                })
                .catch((e: ApiError) => e)
            }
          >
            Close requirement
          </Button>
        </>
      }
    >
      <TextAreaField
        label="Reason (optional)"
        rows={2}
        maxLength={1000}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <FormError message={close.error?.message} />
    </Modal>
  );
}

/** Adds photos, PDFs or drawings to the buyer's open requirement, within the room left. */
function MoreAttachments({ requirementId, room }: { requirementId: string; room: number }) {
  const add = useAddAttachments();
  const [error, setError] = useState<string | undefined>();
  return (
    <div className="mt-3">
      <label className="block text-sm font-medium text-slate-700">
        Add attachments (photos, PDFs or drawings, 5 MB each)
        <input
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          disabled={add.isPending}
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700"
          onChange={(e) => {
            const input = e.currentTarget;
            const files = Array.from(input.files ?? []);
            if (!files.length) return;
            const problem = attachmentProblem(files, room);
            setError(problem);
            if (problem) return;
            add.mutate(
              { requirementId, files },
              {
                onSuccess: () => {
                  toast.success('Attachments added.');
                  input.value = '';
                },
                onError: (err) => setError((err as ApiError).message),
              },
            );
          }}
        />
      </label>
      {add.isPending && <Spinner label="Uploading..." />}
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
