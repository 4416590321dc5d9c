import { zodResolver } from '@hookform/resolvers/zod';
import { formatCount, formatInr, offerSchema, type RfqItem } from '@ub/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { FormError, TextAreaField, TextField } from '../../../components/field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { translateMessage, useT } from '../../../lib/i18n.tsx';
import { type RfqResponse, useRespondRfq } from '../api/respond-rfq.ts';
import { rfqStatusText } from './rfq-status.tsx';

type Mode = 'choose' | 'counter' | 'reject';

/** The buyer's answer to the seller's latest offer: accept it, counter it, or decline. */
export function RespondPanel({ rfq }: { rfq: RfqItem }) {
  const t = useT();
  const respond = useRespondRfq(rfq.id);
  const [mode, setMode] = useState<Mode>('choose');
  const [notes, setNotes] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const last = [...rfq.offers].reverse().find((o) => o.by === 'seller' && o.pricePerUnit);
  const form = useForm<z.input<typeof offerSchema>, unknown, z.output<typeof offerSchema>>({
    resolver: zodResolver(offerSchema),
    defaultValues: {
      pricePerUnit: rfq.targetPrice ?? '',
      quantity: last?.quantity ?? rfq.requestedQuantity,
      notes: '',
    },
  });
  const run = async (body: RfqResponse) => {
    setFailure(null);
    try {
      const next = await respond.mutateAsync(body);
      toast.success(
        t('buyer.rfq.respond.nowStatus', { number: next.rfqNumber, status: rfqStatusText(t, next.status) }),
      );
      setMode('choose');
    } catch (e) {
      const err = e as ApiError;
      if (err instanceof ApiError) {
        for (const [field, message] of Object.entries(err.fields)) {
          if (field === 'pricePerUnit' || field === 'quantity' || field === 'notes') form.setError(field, { message });
        }
      }
      setFailure(translateMessage(err.message));
    }
  };
  if (!last?.pricePerUnit) return null;
  const errors = form.formState.errors;
  return (
    <section className="rounded-xl border border-brand-200 bg-brand-50 p-4" aria-label={t('buyer.rfq.respond.label')}>
      <h2 className="font-semibold text-slate-900">{t('buyer.rfq.respond.title')}</h2>
      <p className="mt-1 text-sm text-slate-700">
        {t('buyer.perUnitTimes', {
          price: formatInr(last.pricePerUnit),
          quantity: formatCount(last.quantity ?? rfq.requestedQuantity),
        })}
        {last.notes ? `: ${last.notes}` : ''}
      </p>
      <FormError message={failure} />
      {mode === 'choose' && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button disabled={respond.isPending} onClick={() => run({ action: 'accept' })}>
            {t('buyer.rfq.respond.accept')}
          </Button>
          <Button variant="secondary" onClick={() => setMode('counter')}>
            {t('buyer.rfq.respond.counter')}
          </Button>
          <Button variant="ghost" className="text-red-700!" onClick={() => setMode('reject')}>
            {t('buyer.rfq.respond.decline')}
          </Button>
        </div>
      )}
      {mode === 'counter' && (
        <form
          className="mt-3 space-y-3"
          noValidate
          onSubmit={form.handleSubmit((v) => run({ action: 'counter', ...v }))}
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={t('buyer.rfq.respond.price')}
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              error={errors.pricePerUnit?.message}
              {...form.register('pricePerUnit')}
            />
            <TextField
              label={t('buyer.rfq.respond.quantity')}
              type="number"
              step="1"
              min="1"
              inputMode="numeric"
              error={errors.quantity?.message}
              {...form.register('quantity')}
            />
          </div>
          <TextAreaField
            label={t('buyer.rfq.respond.notes')}
            rows={2}
            error={errors.notes?.message}
            {...form.register('notes')}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setMode('choose')}>
              {t('buyer.back')}
            </Button>
            <Button type="submit" disabled={respond.isPending}>
              {t('buyer.rfq.respond.sendCounter')}
            </Button>
          </div>
        </form>
      )}
      {mode === 'reject' && (
        <form
          className="mt-3 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            void run({ action: 'reject', notes: notes.trim() || undefined });
          }}
        >
          <TextAreaField
            label={t('buyer.rfq.respond.reason')}
            rows={2}
            maxLength={2000}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setMode('choose')}>
              {t('buyer.back')}
            </Button>
            <Button type="submit" variant="danger" disabled={respond.isPending}>
              {t('buyer.rfq.respond.declineOffer')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
