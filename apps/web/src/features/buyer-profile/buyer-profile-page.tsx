import { zodResolver } from '@hookform/resolvers/zod';
import {
  type BuyerProfile,
  type BuyerProfileUpdate,
  buyerProfileUpdateSchema,
  INDIAN_STATES,
  normalizeGst,
} from '@ub/shared';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { PageHeader, Spinner } from '../../components/feedback.tsx';
import { FormError, SelectField, TextAreaField, TextField } from '../../components/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { translateMessage, useT } from '../../lib/i18n.tsx';
import { useBuyerProfile } from './api/profile.ts';
import { useSaveBuyerProfile } from './api/save-profile.ts';

const STATE_OPTIONS: string[] = [
  ...INDIAN_STATES.filter((s) => s.code !== '97')
    .map((s) => s.name)
    .sort((a, b) => a.localeCompare(b)),
  'Other Territory',
];
const FIELDS = ['company_name', 'contact_name', 'gst_number', 'address', 'state'] as const;

/** The buyer's company profile: shown, and edited in place with the registration's rules. */
export default function BuyerProfilePage() {
  const t = useT();
  const query = useBuyerProfile();
  return (
    <div className="max-w-2xl">
      <PageHeader title={t('buyer.profile.title')} description={t('buyer.profile.description')} />
      {query.isPending && <Spinner label={t('buyer.profile.loading')} />}
      <FormError message={query.error?.message} />
      {query.data && <ProfileForm profile={query.data} />}
    </div>
  );
}

function ProfileForm({ profile }: { profile: BuyerProfile }) {
  const t = useT();
  const save = useSaveBuyerProfile();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<BuyerProfileUpdate>({
    resolver: zodResolver(buyerProfileUpdateSchema),
    defaultValues: {
      company_name: profile.companyName,
      contact_name: profile.contactName,
      gst_number: profile.gstNumber ?? '',
      address: profile.address ?? '',
      state: profile.state ?? '',
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const saved = await save.mutateAsync({ ...values, gst_number: values.gst_number || undefined });
      form.reset({
        company_name: saved.companyName,
        contact_name: saved.contactName,
        gst_number: saved.gstNumber ?? '',
        address: saved.address ?? '',
        state: saved.state ?? '',
      });
      toast.success(t('buyer.profile.saved'));
    } catch (err) {
      if (err instanceof ApiError) {
        for (const name of FIELDS) {
          const message = err.fields[name];
          if (message) form.setError(name, { type: 'server', message });
        }
      }
      setError(translateMessage((err as Error).message));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
      <FormError message={error} />
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">{t('buyer.profile.email')}</dt>
          <dd className="font-medium break-all">{profile.email}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('buyer.profile.phone')}</dt>
          <dd className="font-medium">{profile.phone ? `+91 ${profile.phone}` : '—'}</dd>
        </div>
      </dl>
      <TextField
        label={t('buyer.profile.companyName')}
        autoComplete="organization"
        error={errors.company_name?.message}
        {...form.register('company_name')}
      />
      <TextField
        label={t('buyer.profile.contactName')}
        autoComplete="name"
        error={errors.contact_name?.message}
        {...form.register('contact_name')}
      />
      <TextAreaField
        label={t('buyer.profile.address')}
        rows={3}
        error={errors.address?.message}
        {...form.register('address')}
      />
      <SelectField
        label={t('buyer.profile.state')}
        error={errors.state?.message}
        {...form.register('state', { deps: 'gst_number' })}
      >
        <option value="" disabled>
          {t('buyer.profile.selectState')}
        </option>
        {STATE_OPTIONS.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectField>
      <Controller
        control={form.control}
        name="gst_number"
        render={({ field, fieldState }) => (
          <TextField
            label={t('buyer.profile.gstin')}
            placeholder="22AAAAA0000A1Z5"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono tracking-wide uppercase"
            value={field.value ?? ''}
            onChange={(e) => field.onChange(normalizeGst(e.target.value))}
            onBlur={field.onBlur}
            name={field.name}
            ref={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" disabled={!isDirty || isSubmitting} onClick={() => form.reset()}>
          {t('buyer.profile.discard')}
        </Button>
        <Button type="submit" disabled={!isDirty || isSubmitting}>
          {isSubmitting ? t('buyer.saving') : t('buyer.profile.save')}
        </Button>
      </div>
    </form>
  );
}
