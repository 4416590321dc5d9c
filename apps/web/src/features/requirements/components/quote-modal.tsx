import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_GST_RATES,
  formatDate,
  formatDateTime,
  formatInr,
  requirementQuoteSchema,
  todayInIndia,
} from '@ub/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/feedback.tsx';
import { FormError, SelectField, TextAreaField, TextField } from '../../../components/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import type { ApiError } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { quantityText } from '../../../components/trade-words.ts';
import { useBoardRequirement } from '../api/board-requirement.ts';
import { usePutQuote } from '../api/put-quote.ts';
import { useReportRequirement } from '../api/report-requirement.ts';
import { AttachmentList } from './attachments.tsx';
import { QuoteStatusBadge, RequirementFacts, RequirementStatusBadge } from './requirement-bits.tsx';

type QuoteForm = z.input<typeof requirementQuoteSchema>;
const FIELDS = ['pricePerUnit', 'quantity', 'deliveryDays', 'validUntil', 'gstRate', 'note'] as const;

/** A requirement on the board: what the buyer asks for, my quote (new or revised), and "Report spam". */
export function QuoteModal({ id, onClose }: { id: string; onClose: () => void }) {
  const t = useT();
  const query = useBoardRequirement(id);
  const [reporting, setReporting] = useState(false);
  const r = query.data;
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={r ? `${r.number}: ${r.title}` : t('requirements.columns.requirement')}
    >
      {query.isPending && <Spinner label={t('requirements.loadingOne')} />}
      {query.isError && <FormError message={query.error.message} />}
      {r && (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            <RequirementStatusBadge status={r.status} />
            {r.myQuote && (
              <span className="flex items-center gap-1 text-xs text-slate-500">
                {t('requirements.quote.yourQuoteLabel')} <QuoteStatusBadge status={r.myQuote.status} />
              </span>
            )}
          </div>
          <RequirementFacts r={r} />
          {r.description && <p className="whitespace-pre-line text-sm text-slate-700">{r.description}</p>}
          <AttachmentList attachments={r.attachments} />
          {r.status === 'open' && (!r.myQuote || r.myQuote.status === 'open') ? (
            <QuoteForm
              requirementId={r.id}
              quantity={r.quantity}
              deadline={r.deadline}
              mine={r.myQuote}
              onDone={onClose}
            />
          ) : (
            r.myQuote && (
              <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
                {t('requirements.quote.summary', {
                  price: formatInr(r.myQuote.pricePerUnit),
                  quantity: quantityText(t, r.myQuote.quantity, r.unit),
                  days: r.myQuote.deliveryDays,
                })}
              </p>
            )
          )}
          <div className="border-t border-slate-200 pt-3">
            {r.reported ? (
              <p className="text-sm text-slate-500">{t('requirements.report.done')}</p>
            ) : reporting ? (
              <ReportForm id={r.id} onCancel={() => setReporting(false)} onDone={onClose} />
            ) : (
              r.status === 'open' && (
                <button
                  type="button"
                  className="text-sm font-semibold text-red-700 hover:underline"
                  onClick={() => setReporting(true)}
                >
                  {t('requirements.report.button')}
                </button>
              )
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}

function QuoteForm({
  requirementId,
  quantity,
  deadline,
  mine,
  onDone,
}: {
  requirementId: string;
  quantity: number;
  deadline: string;
  mine: {
    pricePerUnit: string;
    quantity: number;
    deliveryDays: number;
    validUntil: string;
    gstRate: string | null;
    note: string | null;
    createdAt: string;
    revisedAt: string | null;
  } | null;
  onDone: () => void;
}) {
  const t = useT();
  const save = usePutQuote(requirementId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<QuoteForm, unknown, z.output<typeof requirementQuoteSchema>>({
    resolver: zodResolver(requirementQuoteSchema),
    defaultValues: mine
      ? {
          pricePerUnit: mine.pricePerUnit,
          quantity: mine.quantity,
          deliveryDays: mine.deliveryDays,
          validUntil: mine.validUntil,
          gstRate: mine.gstRate === null ? undefined : Number(mine.gstRate),
          note: mine.note ?? '',
        }
      : { pricePerUnit: '', quantity, deliveryDays: '', validUntil: deadline, gstRate: undefined, note: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync(values);
      toast.success(mine ? t('requirements.quote.revised') : t('requirements.quote.sent'));
      onDone();
    } catch (e) {
      const err = e as ApiError;
      for (const [field, message] of Object.entries(err.fields ?? {})) {
        if ((FIELDS as readonly string[]).includes(field)) form.setError(field as (typeof FIELDS)[number], { message });
      }
      setFailure(err.message);
    }
  });
  return (
    <form className="space-y-3 rounded-xl border border-slate-200 p-4" noValidate onSubmit={submit}>
      <h3 className="font-semibold text-slate-900">
        {mine ? t('requirements.quote.reviseTitle') : t('requirements.quote.title')}
      </h3>
      {mine && (
        <p className="text-xs text-slate-500">
          {mine.revisedAt
            ? t('requirements.quote.sentRevised', {
                sent: formatDateTime(mine.createdAt),
                revised: formatDateTime(mine.revisedAt),
              })
            : t('requirements.quote.sentAt', { sent: formatDateTime(mine.createdAt) })}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('requirements.quote.price')}
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          error={errors.pricePerUnit?.message}
          {...form.register('pricePerUnit')}
        />
        <TextField
          label={t('requirements.fields.quantity')}
          type="number"
          step="1"
          min="1"
          inputMode="numeric"
          error={errors.quantity?.message}
          {...form.register('quantity')}
        />
        <TextField
          label={t('requirements.quote.deliveryDays')}
          type="number"
          step="1"
          min="1"
          inputMode="numeric"
          error={errors.deliveryDays?.message}
          {...form.register('deliveryDays')}
        />
        <TextField
          label={t('requirements.quote.validUntil')}
          type="date"
          min={todayInIndia()}
          hint={t('requirements.quote.decidesBy', { date: formatDate(deadline) })}
          error={errors.validUntil?.message}
          {...form.register('validUntil')}
        />
        <SelectField
          label={t('requirements.quote.gstRate')}
          error={errors.gstRate?.message}
          {...form.register('gstRate', { setValueAs: (v) => (v === '' || v === undefined ? undefined : Number(v)) })}
        >
          <option value="">{t('requirements.quote.notStated')}</option>
          {DEFAULT_GST_RATES.map((r) => (
            <option key={r} value={r}>
              {r}%
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        label={t('requirements.quote.note')}
        rows={3}
        maxLength={2000}
        error={errors.note?.message}
        {...form.register('note')}
      />
      <FormError message={failure} />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending
            ? t('requirements.quote.sending')
            : mine
              ? t('requirements.board.revise')
              : t('requirements.quote.send')}
        </Button>
      </div>
    </form>
  );
}

function ReportForm({ id, onCancel, onDone }: { id: string; onCancel: () => void; onDone: () => void }) {
  const t = useT();
  const report = useReportRequirement(id);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        setFailure(null);
        report
          .mutateAsync(reason.trim())
          .then(() => {
            toast.success(t('requirements.report.thanks'));
            onDone();
          })
          .catch((err: ApiError) => setFailure(err.fields?.reason ?? err.message));
      }}
    >
      <TextAreaField
        label={t('requirements.report.why')}
        rows={2}
        maxLength={1000}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <FormError message={failure} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="danger" disabled={!reason.trim() || report.isPending}>
          {t('requirements.report.button')}
        </Button>
      </div>
    </form>
  );
}
