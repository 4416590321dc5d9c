import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type EinvoiceCredentialsInput,
  einvoiceCredentialsSchema,
  ewayBillCredentialsSchema,
  formatDateTime,
  type TaxSettings,
  taxDocumentNumber,
  financialYearOf,
  taxSettingsSchema,
} from '@ub/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { FormError, TextField } from '../../components/field.tsx';
import { downloadFile } from '../../components/tax-documents.tsx';
import { type ApiError, api } from '../../lib/api.ts';
import { T, useT } from '../../lib/i18n.tsx';

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
  const t = useT();
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
      toast.success(t('settings.tax.saved'));
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
      toast.error(t('settings.tax.chooseMonth'));
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
        {t('settings.tax.title')}
      </h2>
      <form onSubmit={submit} className="space-y-3 px-5 py-4" noValidate>
        <p className="text-sm text-slate-600">
          <T
            id="settings.tax.nextInvoice"
            values={{ number: taxDocumentNumber(prefix, financialYearOf(new Date()), 1) }}
            components={[<span key="number" className="font-mono" />]}
          />
        </p>
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            label={t('settings.tax.invoicePrefix')}
            maxLength={5}
            error={errors.invoicePrefix?.message}
            {...register('invoicePrefix')}
          />
          <TextField
            label={t('settings.tax.creditNotePrefix')}
            maxLength={5}
            error={errors.creditNotePrefix?.message}
            {...register('creditNotePrefix')}
          />
          <TextField
            label={t('settings.tax.debitNotePrefix')}
            maxLength={5}
            error={errors.debitNotePrefix?.message}
            {...register('debitNotePrefix')}
          />
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-1" {...register('einvoiceApplies')} />
          <span>{t('settings.tax.einvoice')}</span>
        </label>
        <FormError message={errors.root?.message} />
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {t(save.isPending ? 'settings.tax.saving' : 'settings.tax.save')}
          </Button>
        </div>
      </form>
      <div className="space-y-3 border-t border-slate-200 px-5 py-4">
        <h3 className="font-semibold">{t('settings.tax.returnsTitle')}</h3>
        <p className="text-sm text-slate-600">{t('settings.tax.returnsText')}</p>
        <div className="flex flex-wrap items-end gap-2">
          <TextField
            label={t('settings.tax.month')}
            type="month"
            value={month}
            onChange={(e) => setMonth(e.target.value)}
          />
          <Button variant="secondary" onClick={() => download('json')} disabled={busy}>
            {t('settings.tax.downloadJson')}
          </Button>
          <Button variant="secondary" onClick={() => download('csv')} disabled={busy}>
            {t('settings.tax.downloadCsv')}
          </Button>
        </div>
      </div>
      <EinvoiceCredentials />
      <EwayBillCredentials />
    </section>
  );
}

interface EinvoiceCredentialsView {
  username: string | null;
  saved: boolean;
  updatedAt: string | null;
}

/** The two government portals a seller signs in to through the platform with their own API user. */
const PORTALS = {
  einvoice: {
    path: '/settings/einvoice-credentials',
    schema: einvoiceCredentialsSchema,
    title: 'settings.tax.irpTitle',
    text: 'settings.tax.irpText',
    done: 'settings.tax.irpDone',
    removed: 'settings.tax.irpRemoved',
  },
  ewaybill: {
    path: '/settings/ewaybill-credentials',
    schema: ewayBillCredentialsSchema,
    title: 'settings.tax.ewbTitle',
    text: 'settings.tax.ewbText',
    done: 'settings.tax.ewbDone',
    removed: 'settings.tax.ewbRemoved',
  },
} as const;

/**
 * The seller's own e-invoice portal API user, for registering IRNs through the GSP. The password field is
 * write-only: the server never sends it back, so the form always starts empty.
 */
export const EinvoiceCredentials = () => <PortalCredentials portal="einvoice" />;
/** The seller's own e-way bill portal API user, for generating e-way bills through NIC's API; write-only too. */
export const EwayBillCredentials = () => <PortalCredentials portal="ewaybill" />;

function PortalCredentials({ portal }: { portal: keyof typeof PORTALS }) {
  const t = useT();
  const qc = useQueryClient();
  const p = PORTALS[portal];
  const key = ['settings', `${portal}-credentials`];
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => api<EinvoiceCredentialsView>(p.path),
  });
  const save = useMutation({
    mutationFn: (body: EinvoiceCredentialsInput) => api<EinvoiceCredentialsView>(p.path, { method: 'PUT', body }),
    onSuccess: (view) => qc.setQueryData(key, view),
  });
  const remove = useMutation({
    mutationFn: () => api<EinvoiceCredentialsView>(p.path, { method: 'DELETE' }),
    onSuccess: (view) => qc.setQueryData(key, view),
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<EinvoiceCredentialsInput>({
    resolver: zodResolver(p.schema),
    defaultValues: { username: '', password: '' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      const view = await save.mutateAsync(values);
      reset({ username: view.username ?? '', password: '' });
      toast.success(t(p.done));
    } catch (e) {
      const err = e as ApiError;
      for (const [field, message] of Object.entries(err.fields ?? {})) {
        setError(field as keyof EinvoiceCredentialsInput, { message });
      }
      setError('root', { message: err.message });
    }
  });
  return (
    <form onSubmit={submit} className="space-y-3 border-t border-slate-200 px-5 py-4" noValidate>
      <h3 className="font-semibold">{t(p.title)}</h3>
      <p className="text-sm text-slate-600">{t(p.text)}</p>
      <p className="text-sm">
        {data?.saved && data.username && data.updatedAt
          ? t('settings.tax.irpSaved', { username: data.username, when: formatDateTime(data.updatedAt) })
          : t('settings.tax.irpNone')}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('settings.tax.irpUser')}
          autoComplete="off"
          error={errors.username?.message}
          {...register('username')}
        />
        <TextField
          label={t('settings.tax.irpPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
      </div>
      <FormError message={errors.root?.message} />
      <div className="flex justify-end gap-2">
        {data?.saved && (
          <Button
            variant="secondary"
            disabled={remove.isPending}
            onClick={async () => {
              try {
                await remove.mutateAsync();
                toast.success(t(p.removed));
              } catch (e) {
                toast.error((e as Error).message);
              }
            }}
          >
            {t('settings.tax.irpRemove')}
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          {t('settings.tax.irpSave')}
        </Button>
      </div>
    </form>
  );
}
