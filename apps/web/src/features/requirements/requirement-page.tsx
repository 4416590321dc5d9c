import {
  formatDate,
  formatInr,
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
import { T, useT } from '../../lib/i18n.tsx';
import { quantityText } from '../../components/trade-words.ts';
import { useAcceptQuote } from './api/accept-quote.ts';
import { useAddAttachments } from './api/add-attachments.ts';
import { AttachmentList, ATTACHMENT_ACCEPT, attachmentProblem } from './components/attachments.tsx';
import { useBuyerRequirement } from './api/buyer-requirement.ts';
import { useCloseRequirement } from './api/close-requirement.ts';
import { QuoteStatusBadge, RequirementFacts, RequirementStatusBadge } from './components/requirement-bits.tsx';
import { FileInput } from '../../components/file-input.tsx';

/** /buyer/requirements/:id: the requirement and its quotes compared side by side; accept one or close it. */
export default function RequirementPage() {
  const t = useT();
  const { id = '' } = useParams<{ id: string }>();
  const query = useBuyerRequirement(id);
  const r = query.data;
  return (
    <div className="mx-auto max-w-6xl">
      <Link to="/buyer/requirements" className="text-sm font-semibold text-brand-700 hover:underline">
        ← {t('requirements.mine.title')}
      </Link>
      {query.isPending && <Spinner label={t('requirements.loadingOne')} />}
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
  const t = useT();
  const [accepting, setAccepting] = useState<RequirementQuoteItem | null>(null);
  const [closing, setClosing] = useState(false);
  const open = r.status === 'open';
  const columns: Array<Column<RequirementQuoteItem>> = [
    {
      id: 'seller',
      header: t('requirements.compare.seller'),
      className: 'min-w-48',
      cell: (q) => (
        <div className="space-y-1">
          <p className="flex items-center gap-1 font-medium text-slate-900">
            {q.sellerCompany}
            {q.verified && (
              <BadgeCheck aria-label={t('requirements.compare.verified')} className="h-4 w-4 shrink-0 text-green-600" />
            )}
          </p>
          <p className="text-xs text-slate-500">
            {q.sellerState ?? t('requirements.compare.noState')}
            {' · '}
            {q.responseRate === null
              ? t('requirements.compare.noHistory')
              : t('requirements.compare.responseRate', { rate: q.responseRate })}
            {' · '}
            {t('requirements.compare.delivered', { count: q.deliveredOrders })}
          </p>
          <div className="flex flex-wrap gap-1">
            {q.id === r.cheapestQuoteId && <Badge tone="green">{t('requirements.compare.cheapest')}</Badge>}
            {q.id === r.fastestQuoteId && <Badge tone="blue">{t('requirements.compare.fastest')}</Badge>}
          </div>
        </div>
      ),
    },
    {
      id: 'price',
      header: t('requirements.compare.price'),
      align: 'right',
      cell: (q) => (
        <div>
          <p className="font-semibold text-slate-900">{formatInr(q.pricePerUnit)}</p>
          <p className="text-xs text-slate-500">
            {q.gstRate === null
              ? t('requirements.compare.gstNotStated')
              : t('requirements.compare.plusGst', { rate: Number(q.gstRate) })}
          </p>
        </div>
      ),
    },
    {
      id: 'quantity',
      header: t('requirements.fields.quantity'),
      align: 'right',
      cell: (q) => quantityText(t, q.quantity, r.unit),
    },
    {
      id: 'total',
      header: t('common.totals.total'),
      align: 'right',
      cell: (q) => (
        <div>
          <p className="font-semibold text-slate-900">{formatInr(q.totalWithGst ?? q.subtotal)}</p>
          <p className="text-xs text-slate-500">
            {q.totalWithGst ? t('requirements.compare.withGst') : t('requirements.compare.beforeGst')}
          </p>
        </div>
      ),
    },
    {
      id: 'delivery',
      header: t('requirements.compare.delivery'),
      align: 'right',
      cell: (q) => t('common.days', { count: q.deliveryDays }),
    },
    { id: 'valid', header: t('requirements.quote.validUntil'), cell: (q) => formatDate(q.validUntil) },
    {
      id: 'note',
      header: t('requirements.compare.note'),
      cell: (q) => <span className="line-clamp-3 text-slate-600">{q.note ?? '—'}</span>,
    },
    {
      id: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (q) =>
        open && q.status === 'open' ? (
          <Button
            className="px-3 py-1 text-xs"
            onClick={() => setAccepting(q)}
            aria-label={t('requirements.compare.acceptAria', { seller: q.sellerCompany })}
          >
            {t('requirements.compare.accept')}
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
          description={`${r.number} · ${t('requirements.compare.quoteCount', { count: r.quoteCount })}`}
          actions={
            open && (
              <Button variant="secondary" onClick={() => setClosing(true)}>
                {t('requirements.close.submit')}
              </Button>
            )
          }
        />
      </div>
      {r.status === 'accepted' && r.rfqId && (
        <div role="status" className="mb-4 rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900">
          <T
            id="requirements.compare.acceptedNotice"
            components={[<Link key="rfq" to={`/buyer/rfqs/${r.rfqId}`} className="font-semibold underline" />]}
          />
        </div>
      )}
      {r.closedReason && r.status !== 'accepted' && (
        <p className="mb-4 rounded-xl bg-slate-100 p-3 text-sm text-slate-700">
          {t('requirements.compare.closedReason', { reason: r.closedReason })}
        </p>
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
            {t('requirements.compare.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('requirements.compare.explain')}</p>
          <div className="mt-2 rounded-xl border border-slate-200 bg-white">
            {r.quotes.length === 0 ? (
              <EmptyState title={t('requirements.compare.emptyTitle')}>
                {t('requirements.compare.emptyText')}
              </EmptyState>
            ) : (
              <DataTable
                label={t('requirements.columns.quotes')}
                columns={columns}
                rows={r.quotes}
                rowId={(q) => q.id}
              />
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
  const t = useT();
  const accept = useAcceptQuote(r.id);
  const others = r.quotes.filter((q) => q.id !== quote.id && q.status === 'open').length;
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title={t('requirements.accept.title')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.back')}
          </Button>
          <Button
            disabled={accept.isPending}
            onClick={() =>
              accept
                .mutateAsync(quote.id)
                .then((res) => {
                  toast.success(t('requirements.accept.done', { number: res.rfqNumber }));
                  onClose();
                })
                .catch(() => undefined)
            }
          >
            {accept.isPending ? t('requirements.accept.accepting') : t('requirements.accept.submit')}
          </Button>
        </>
      }
    >
      <div className="space-y-2 text-sm">
        <p>
          <T
            id={quote.totalWithGst ? 'requirements.accept.termsWithGst' : 'requirements.accept.termsBeforeGst'}
            values={{
              seller: quote.sellerCompany,
              price: formatInr(quote.pricePerUnit),
              quantity: quantityText(t, quote.quantity, r.unit),
              total: formatInr(quote.totalWithGst ?? quote.subtotal),
              days: quote.deliveryDays,
            }}
            components={[<strong key="total" />]}
          />
        </p>
        <p className="text-slate-600">
          {t('requirements.accept.becomesRfq')}
          {others > 0 ? ` ${t('requirements.accept.othersClose', { count: others })}` : ''}
        </p>
        <FormError message={accept.error?.message} />
      </div>
    </Modal>
  );
}

function CloseDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const t = useT();
  const close = useCloseRequirement(id);
  const [reason, setReason] = useState('');
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title={t('requirements.close.title')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.back')}
          </Button>
          <Button
            variant="danger"
            disabled={close.isPending}
            onClick={() =>
              close
                .mutateAsync(reason.trim() || undefined)
                .then(() => {
                  toast.success(t('requirements.close.done'));
                  onClose();
                })
                .catch((e: ApiError) => e)
            }
          >
            {t('requirements.close.submit')}
          </Button>
        </>
      }
    >
      <TextAreaField
        label={t('common.reasonOptional')}
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
  const t = useT();
  const add = useAddAttachments();
  const [error, setError] = useState<string | undefined>();
  return (
    <div className="mt-3">
      <label htmlFor="requirement-more-files" className="block text-sm font-medium text-slate-700">
        {t('requirements.attachments.add')}
      </label>
      <FileInput
        id="requirement-more-files"
        multiple
        accept={ATTACHMENT_ACCEPT}
        disabled={add.isPending}
        className="mt-1"
        onChange={(e) => {
          const input = e.currentTarget;
          const files = Array.from(input.files ?? []);
          if (!files.length) return;
          const problem = attachmentProblem(t, files, room);
          setError(problem);
          if (problem) return;
          add.mutate(
            { requirementId, files },
            {
              onSuccess: () => {
                toast.success(t('requirements.attachments.added'));
                input.value = '';
              },
              onError: (err) => setError((err as ApiError).message),
            },
          );
        }}
      />
      {add.isPending && <Spinner label={t('requirements.attachments.uploading')} />}
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
