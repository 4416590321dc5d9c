import { zodResolver } from '@hookform/resolvers/zod';
import { formatCount, formatInr, offerSchema, type RfqItem, rfqStatusLabel } from '@ub/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { FormError, TextAreaField, TextField } from '../../../components/field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { type RfqResponse, useRespondRfq } from '../api/respond-rfq.ts';

type Mode = 'choose' | 'counter' | 'reject';

/** The buyer's answer to the seller's latest offer: accept it, counter it, or decline. */
export function RespondPanel({ rfq }: { rfq: RfqItem }) {
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
      toast.success(`${next.rfqNumber} is now ${rfqStatusLabel(next.status)}.`);
      setMode('choose');
    } catch (e) {
      const err = e as ApiError;
      if (err instanceof ApiError) {
        for (const [field, message] of Object.entries(err.fields)) {
          if (field === 'pricePerUnit' || field === 'quantity' || field === 'notes') form.setError(field, { message });
        }
      }
      setFailure(err.message);
    }
  };
  if (!last?.pricePerUnit) return null;
  const errors = form.formState.errors;
  return (
    <section className="rounded-xl border border-brand-200 bg-brand-50 p-4" aria-label="Your reply">
      <h2 className="font-semibold text-slate-900">The seller's offer waits for your reply</h2>
      <p className="mt-1 text-sm text-slate-700">
        {formatInr(last.pricePerUnit)} per unit × {formatCount(last.quantity ?? rfq.requestedQuantity)}
        {last.notes ? `: ${last.notes}` : ''}
      </p>
      <FormError message={failure} />
      {mode === 'choose' && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button disabled={respond.isPending} onClick={() => run({ action: 'accept' })}>
            Accept offer
          </Button>
          <Button variant="secondary" onClick={() => setMode('counter')}>
            Counter offer
          </Button>
          <Button variant="ghost" className="text-red-700!" onClick={() => setMode('reject')}>
            Decline
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
              label="Your price per unit (₹)"
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
          <TextAreaField label="Notes (optional)" rows={2} error={errors.notes?.message} {...form.register('notes')} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setMode('choose')}>
              Back
            </Button>
            <Button type="submit" disabled={respond.isPending}>
              Send counter offer
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
            label="Reason (optional)"
            rows={2}
            maxLength={2000}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setMode('choose')}>
              Back
            </Button>
            <Button type="submit" variant="danger" disabled={respond.isPending}>
              Decline offer
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
