import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type TaxSettings, taxDocumentNumber, financialYearOf, taxSettingsSchema } from '@ub/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { FormError, TextField } from '../../components/field.tsx';
import { downloadFile } from '../../components/tax-documents.tsx';
import { type ApiError, api } from '../../lib/api.ts';

type TaxSettingsInput = {
  invoicePrefix: string;
  creditNotePrefix: string;
  debitNotePrefix: string;
  einvoiceApplies: boolean;
};

/** This month in India as YYYY-MM, the default month of the GST returns download. */
function thisMonth() {
  const d = new Date(Date.now() + 330 * 60_000);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Series prefixes, e-invoicing, and the GSTR-1 download: the seller's GST settings. */
export function TaxSection() {
  const qc = useQueryClient();
  const { data } = useQuery({ queryKey: ['settings', 'tax'], queryFn: () => api<TaxSettings>('/settings/tax') });
  const save = useMutation({
    mutationFn: (body: TaxSettingsInput) => api<TaxSettings>('/settings/tax', { method: 'PUT', body }),
    onSuccess: (saved) => qc.setQueryData(['settings', 'tax'], saved),
  });
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors },
  } = useForm<TaxSettingsInput>({ resolver: zodResolver(taxSettingsSchema) as never });
  useEffect(() => {
    if (data) reset(data);
  }, [data, reset]);
  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success('GST settings saved.');
    } catch (e) {
      const err = e as ApiError;
      for (const [field, message] of Object.entries(err.fields ?? {})) {
        setError(field as keyof TaxSettingsInput, { message });
      }
      setError('root', { message: err.message });
    }
  });
  const [month, setMonth] = useState(thisMonth());
  const [busy, setBusy] = useState(false);
  const download = async (format: 'json' | 'csv') => {
    if (!/^\d{4}-\d{2}$/.test(month)) {
      toast.error('Choose a month.');
      return;
    }
    setBusy(true);
    try {
      await downloadFile(`/gst/gstr1?month=${month}&format=${format}`, `GSTR1-${month}.${format}`, 'seller');
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const prefix = (watch('invoicePrefix') ?? 'INV').toUpperCase() || 'INV';
  return (
    <section className="rounded-xl border border-slate-200 bg-white shadow-sm" aria-labelledby="gst-title">
      <h2 id="gst-title" className="border-b border-slate-200 px-5 py-3 text-base font-semibold text-slate-900">
        GST invoicing and returns
      </h2>
      <form onSubmit={submit} className="space-y-3 px-5 py-4" noValidate>
        <p className="text-sm text-slate-600">
          Each series restarts on 1 April. Your next invoice reads{' '}
          <span className="font-mono">{taxDocumentNumber(prefix, financialYearOf(new Date()), 1)}</span> (at most 16
          characters).
        </p>
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            label="Invoice prefix"
            maxLength={5}
            error={errors.invoicePrefix?.message}
            {...register('invoicePrefix')}
          />
          <TextField
            label="Credit note prefix"
            maxLength={5}
            error={errors.creditNotePrefix?.message}
            {...register('creditNotePrefix')}
          />
          <TextField
            label="Debit note prefix"
            maxLength={5}
            error={errors.debitNotePrefix?.message}
            {...register('debitNotePrefix')}
          />
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-1" {...register('einvoiceApplies')} />
          <span>
            E-invoicing applies to my business (aggregate turnover above Rs 5 crore): every invoice, credit note and
            debit note is registered on the Invoice Registration Portal and carries its IRN and QR code.
          </span>
        </label>
        <FormError message={errors.root?.message} />
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save GST settings'}
          </Button>
        </div>
      </form>
      <div className="space-y-3 border-t border-slate-200 px-5 py-4">
        <h3 className="font-semibold">GST returns</h3>
        <p className="text-sm text-slate-600">
          GSTR-1 data of a month from your invoices, credit notes and debit notes: JSON for the GST offline tool, or
          CSV.
        </p>
        <div className="flex flex-wrap items-end gap-2">
          <TextField label="Month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
          <Button variant="secondary" onClick={() => download('json')} disabled={busy}>
            Download GSTR-1 JSON
          </Button>
          <Button variant="secondary" onClick={() => download('csv')} disabled={busy}>
            Download GSTR-1 CSV
          </Button>
        </div>
      </div>
    </section>
  );
}
