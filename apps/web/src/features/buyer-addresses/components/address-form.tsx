import { zodResolver } from '@hookform/resolvers/zod';
import { type BuyerAddress, type BuyerAddressInput, buyerAddressInputSchema, INDIAN_STATE_NAMES } from '@ub/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { FormError, SelectField, TextField } from '../../../components/field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { translateMessage, useT } from '../../../lib/i18n.tsx';

type Output = z.output<typeof buyerAddressInputSchema>;
type Values = Omit<BuyerAddressInput, 'line2'> & { line2: string };

const FIELDS = ['label', 'contactName', 'phone', 'line1', 'line2', 'city', 'state', 'pinCode'] as const;

const blank: Values = {
  label: '',
  contactName: '',
  phone: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  pinCode: '',
  isDefault: false,
};

export function addressValues(a?: BuyerAddress | null): Values {
  if (!a) return blank;
  return { ...a, line2: a.line2 ?? '' };
}

/**
 * The address form (add and edit): the shared rule checks it as it is typed, the server's field messages land on
 * their fields, and nothing typed is lost on an error.
 */
export function AddressForm({
  initial,
  onSubmit,
  onCancel,
}: {
  initial?: BuyerAddress | null;
  onSubmit: (values: Output) => Promise<unknown>;
  onCancel: () => void;
}) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(buyerAddressInputSchema) as never,
    defaultValues: addressValues(initial),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await onSubmit(values);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : {};
      let onField = false;
      for (const name of FIELDS) {
        const message = fields[name];
        if (message) {
          form.setError(name, { type: 'server', message });
          onField = true;
        }
      }
      if (!onField)
        setError(err instanceof Error ? translateMessage(err.message) : t('buyer.addresses.form.saveFailed'));
    }
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={t('buyer.addresses.form.label')}>
      <FormError message={error} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('buyer.addresses.form.name')}
          placeholder={t('buyer.addresses.form.namePlaceholder')}
          error={errors.label?.message}
          {...form.register('label')}
        />
        <TextField
          label={t('buyer.addresses.form.contactName')}
          autoComplete="name"
          error={errors.contactName?.message}
          {...form.register('contactName')}
        />
        <TextField
          label={t('buyer.addresses.form.phone')}
          prefix="+91"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <TextField
          label={t('buyer.addresses.form.pinCode')}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          error={errors.pinCode?.message}
          {...form.register('pinCode')}
        />
      </div>
      <TextField
        label={t('buyer.addresses.form.line1')}
        placeholder={t('buyer.addresses.form.line1Placeholder')}
        autoComplete="address-line1"
        error={errors.line1?.message}
        {...form.register('line1')}
      />
      <TextField
        label={t('buyer.addresses.form.line2')}
        placeholder={t('buyer.addresses.form.line2Placeholder')}
        autoComplete="address-line2"
        error={errors.line2?.message}
        {...form.register('line2')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('buyer.addresses.form.city')}
          autoComplete="address-level2"
          error={errors.city?.message}
          {...form.register('city')}
        />
        <SelectField
          label={t('buyer.addresses.form.state')}
          autoComplete="address-level1"
          error={errors.state?.message}
          {...form.register('state')}
        >
          <option value="" disabled>
            {t('buyer.addresses.form.selectState')}
          </option>
          {INDIAN_STATE_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
      </div>
      {!initial?.isDefault && (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="size-4 rounded border-slate-300" {...form.register('isDefault')} />
          {t('buyer.addresses.form.makeDefault')}
        </label>
      )}
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('buyer.cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('buyer.saving') : initial ? t('buyer.addresses.form.save') : t('buyer.addresses.form.add')}
        </Button>
      </div>
    </form>
  );
}
