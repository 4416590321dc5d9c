import { zodResolver } from '@hookform/resolvers/zod';
import { buyerRegisterSchema, INDIAN_STATES, LIMITS, type LoginResponse, normalizeGst } from '@ub/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { AuthCard } from '../../components/auth-card.tsx';
import { Button } from '../../components/button.tsx';
import { FormError, SelectField, TextAreaField, TextField } from '../../components/field.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { storeSellerSession } from '../../lib/auth-storage.ts';
import { translateMessage, useT } from '../../lib/i18n.tsx';
import { loadCommonPasswords, withCommonPasswords } from '../../lib/common-passwords.ts';
import { PhoneField } from '../auth/phone-field.tsx';
import { sessionQueryKey } from '../auth/session.tsx';

type BuyerForm = z.input<typeof buyerRegisterSchema>;

const FIELDS = [
  'phone',
  'email',
  'contact_name',
  'company_name',
  'address',
  'state',
  'gst_number',
  'password',
  'confirm_password',
] as const;

/** States and union territories by name, Other Territory (97) last: the seller form's list. */
const STATE_OPTIONS: string[] = [
  ...INDIAN_STATES.filter((s) => s.code !== '97')
    .map((s) => s.name)
    .sort((a, b) => a.localeCompare(b)),
  'Other Territory',
];

/**
 * Buyer registration: one page, the seller form's rules and messages (phone, e-mail, GSTIN and password), GSTIN
 * optional. A registered buyer is signed in at once and lands in the buyer area.
 */
export default function BuyerRegisterPage() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<BuyerForm>({
    resolver: withCommonPasswords(() => zodResolver(buyerRegisterSchema)),
    defaultValues: {
      phone: '',
      email: '',
      contact_name: '',
      company_name: '',
      address: '',
      state: '',
      gst_number: '',
      password: '',
      confirm_password: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => {
    void loadCommonPasswords();
  }, []);

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    const body = { ...values, gst_number: values.gst_number || undefined };
    try {
      await api('/buyer/register', {
        method: 'POST',
        anonymous: true,
        body,
        fallbackError: t('buyerRegister.failed'),
      });
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setError(t('buyerRegister.failed'));
        return;
      }
      for (const name of FIELDS) {
        const message = err.fields[name];
        if (message) form.setError(name, { type: 'server', message });
      }
      setError(translateMessage(err.message));
      return;
    }
    try {
      const res = await api<LoginResponse>('/login', {
        method: 'POST',
        anonymous: true,
        body: { username: values.email, password: values.password, remember: false },
      });
      storeSellerSession(res.token, res.user.id, false);
      queryClient.setQueryData(sessionQueryKey('seller'), { user: res.user });
      navigate('/buyer', { replace: true });
    } catch {
      navigate('/login', { replace: true });
    }
  });

  return (
    <AuthCard
      title={t('buyerRegister.title')}
      subtitle={t('buyerRegister.subtitle')}
      footer={
        <Link to="/" className="font-medium text-slate-600 hover:text-brand-700">
          {t('buyerRegister.backHome')}
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError message={error} />
        <Controller
          control={form.control}
          name="phone"
          render={({ field, fieldState }) => (
            <PhoneField
              label={t('buyerRegister.phone')}
              autoFocus
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextField
          label={t('buyerRegister.email')}
          type="email"
          autoComplete="email"
          placeholder="you@company.in"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label={t('buyerRegister.fullName')}
          autoComplete="name"
          error={errors.contact_name?.message}
          {...form.register('contact_name')}
        />
        <TextField
          label={t('buyerRegister.companyName')}
          autoComplete="organization"
          error={errors.company_name?.message}
          {...form.register('company_name')}
        />
        <TextAreaField
          label={t('buyerRegister.address')}
          rows={3}
          autoComplete="street-address"
          error={errors.address?.message}
          {...form.register('address')}
        />
        <SelectField
          label={t('buyerRegister.state')}
          autoComplete="address-level1"
          hint={t('buyerRegister.stateHint')}
          error={errors.state?.message}
          {...form.register('state', { deps: 'gst_number' })}
        >
          <option value="" disabled>
            {t('buyerRegister.selectState')}
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
              label={t('buyerRegister.gstin')}
              placeholder="22AAAAA0000A1Z5"
              autoCapitalize="characters"
              spellCheck={false}
              className="font-mono tracking-wide uppercase"
              hint={t('buyerRegister.gstinHint')}
              value={field.value ?? ''}
              onChange={(e) => field.onChange(normalizeGst(e.target.value))}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
        <PasswordField
          label={t('buyerRegister.password')}
          autoComplete="new-password"
          hint={t('buyerRegister.passwordHint', { min: LIMITS.passwordMin })}
          error={errors.password?.message}
          {...form.register('password', { deps: 'confirm_password' })}
        />
        <PasswordField
          label={t('buyerRegister.confirmPassword')}
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          {...form.register('confirm_password')}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? t('buyerRegister.registering') : t('buyerRegister.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('buyerRegister.already')}{' '}
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          {t('buyerRegister.signIn')}
        </Link>
      </p>
      <p className="mt-2 text-center text-sm text-slate-600">
        {t('buyerRegister.selling')}{' '}
        <Link to="/register" className="font-semibold text-brand-700 hover:underline">
          {t('buyerRegister.registerSeller')}
        </Link>
      </p>
    </AuthCard>
  );
}
