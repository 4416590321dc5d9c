import { zodResolver } from '@hookform/resolvers/zod';
import {
  BUSINESS_CATEGORIES,
  INDIAN_STATES,
  LIMITS,
  type ManufacturerStatus,
  normalizeGst,
  PROMISES,
  type passwordPairSchema,
  passwordPairSchemaFor,
  registerResponse,
  registerStep1Schema,
  registerStep2Schema,
} from '@ub/shared';
import { useEffect, useState } from 'react';
import { Controller, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { AuthCard } from '../../components/auth-card.tsx';
import { Button } from '../../components/button.tsx';
import { FormError, SelectField, TextAreaField, TextField } from '../../components/field.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { StatusTracker } from '../../components/status-tracker.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { loadCommonPasswords, withCommonPasswords } from '../../lib/common-passwords.ts';
import { PhoneField } from './phone-field.tsx';
import { StepIndicator } from './step-indicator.tsx';
import { useT } from '../../lib/i18n.tsx';
import { categoryText } from '../../components/trade-words.ts';

type Step = 1 | 2 | 3 | 4;
type Step1 = z.input<typeof registerStep1Schema>;
type Step2 = z.input<typeof registerStep2Schema>;
type Step3 = z.input<typeof passwordPairSchema>;

/** Each step's label is `auth.register.steps.<n>`. */

const STEP1_FIELDS = ['phone', 'email'];
const STEP2_FIELDS = ['full_name', 'company_name', 'company_address', 'state', 'category', 'gst_number'];

/** States and union territories by name, Other Territory (97) last. */
const STATE_OPTIONS: string[] = [
  ...INDIAN_STATES.filter((s) => s.code !== '97')
    .map((s) => s.name)
    .sort((a, b) => a.localeCompare(b)),
  'Other Territory',
];

/** Puts the server's field messages on the form that owns each field; true when any landed. */
function applyFieldErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  names: string[],
  fields: Record<string, string>,
): boolean {
  let any = false;
  for (const name of names) {
    const message = fields[name];
    if (message) {
      form.setError(name as never, { type: 'server', message });
      any = true;
    }
  }
  return any;
}

export default function RegisterPage() {
  const t = useT();
  const [step, setStep] = useState<Step>(1);
  const [status, setStatus] = useState<ManufacturerStatus>('received');
  const [error, setError] = useState<string | null>(null);

  // One form per step, all held here, so Back and Continue never lose what was typed.
  const contact = useForm<Step1>({
    resolver: zodResolver(registerStep1Schema),
    defaultValues: { phone: '', email: '' },
  });
  const business = useForm<Step2>({
    resolver: zodResolver(registerStep2Schema),
    defaultValues: { full_name: '', company_name: '', company_address: '', state: '', gst_number: '' },
  });
  // The same password rules as the server: the common-password list, and not the e-mail or phone of step 1.
  const secret = useForm<Step3>({
    resolver: withCommonPasswords(() => zodResolver(passwordPairSchemaFor(contact.getValues()))),
    defaultValues: { password: '', confirm_password: '' },
  });
  useEffect(() => {
    if (step === 3) void loadCommonPasswords();
  }, [step]);

  function go(next: Step) {
    setError(null);
    setStep(next);
  }

  const onContact = contact.handleSubmit(() => go(2));
  const onBusiness = business.handleSubmit(() => go(3));
  const onSubmit = secret.handleSubmit(async (pair) => {
    setError(null);
    const one = registerStep1Schema.parse(contact.getValues());
    const two = registerStep2Schema.parse(business.getValues());
    try {
      const res = await api<unknown>('/register', {
        method: 'POST',
        anonymous: true,
        body: { ...one, ...two, ...pair, type: 'seller' },
        fallbackError: t('auth.register.failed'),
      });
      setStatus(registerResponse.parse(res).user.status);
      go(4);
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setError(t('auth.register.failed'));
        return;
      }
      // A duplicate email or phone, or any field the server refused, sends the person back to that field.
      if (applyFieldErrors(contact, STEP1_FIELDS, err.fields)) {
        setStep(1);
        return;
      }
      if (applyFieldErrors(business, STEP2_FIELDS, err.fields)) {
        setStep(2);
        return;
      }
      applyFieldErrors(secret, ['password', 'confirm_password'], err.fields);
      setError(err.message);
    }
  });

  const phone = contact.watch('phone');

  return (
    <AuthCard
      title={step === 4 ? t('auth.register.doneTitle') : t('landing.becomeSeller')}
      subtitle={step === 4 ? undefined : t('auth.register.subtitle')}
      footer={
        <Link to="/" className="font-medium text-slate-600 hover:text-brand-700">
          {t('auth.backHome')}
        </Link>
      }
    >
      <StepIndicator step={step} total={4} label={t(`auth.register.steps.${step}`)} />

      {step === 1 && (
        <form onSubmit={onContact} noValidate className="space-y-4">
          <Controller
            control={contact.control}
            name="phone"
            render={({ field, fieldState }) => (
              <PhoneField
                label={t('auth.reset.phone')}
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
            label={t('auth.register.email')}
            type="email"
            autoComplete="email"
            placeholder="you@company.in"
            error={contact.formState.errors.email?.message}
            {...contact.register('email')}
          />
          <Button type="submit" className="w-full" disabled={phone.length < LIMITS.contactDigits}>
            {t('auth.register.continue')}
          </Button>
        </form>
      )}

      {step === 2 && (
        <form onSubmit={onBusiness} noValidate className="space-y-4">
          <TextField
            label={t('landing.lead.name')}
            autoComplete="name"
            autoFocus
            error={business.formState.errors.full_name?.message}
            {...business.register('full_name')}
          />
          <TextField
            label={t('landing.lead.company')}
            autoComplete="organization"
            error={business.formState.errors.company_name?.message}
            {...business.register('company_name')}
          />
          <TextAreaField
            label={t('auth.register.address')}
            rows={3}
            autoComplete="street-address"
            error={business.formState.errors.company_address?.message}
            {...business.register('company_address')}
          />
          <SelectField
            label={t('auth.register.state')}
            autoComplete="address-level1"
            hint={t('auth.register.stateHint')}
            error={business.formState.errors.state?.message}
            {...business.register('state', { deps: 'gst_number' })}
          >
            <option value="" disabled>
              {t('auth.register.selectState')}
            </option>
            {STATE_OPTIONS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('auth.register.category')}
            defaultValue=""
            error={business.formState.errors.category?.message}
            {...business.register('category')}
          >
            <option value="" disabled>
              {t('auth.register.selectCategory')}
            </option>
            {BUSINESS_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryText(t, c)}
              </option>
            ))}
          </SelectField>
          <Controller
            control={business.control}
            name="gst_number"
            render={({ field, fieldState }) => (
              <TextField
                label={t('auth.register.gstin')}
                placeholder="22AAAAA0000A1Z5"
                autoCapitalize="characters"
                spellCheck={false}
                className="font-mono tracking-wide uppercase"
                hint={t('auth.register.gstinHint')}
                value={field.value}
                onChange={(e) => field.onChange(normalizeGst(e.target.value))}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
          <div className="flex gap-3">
            <Button variant="secondary" className="flex-1" onClick={() => go(1)}>
              {t('auth.register.back')}
            </Button>
            <Button type="submit" className="flex-1">
              {t('auth.register.continue')}
            </Button>
          </div>
        </form>
      )}

      {step === 3 && (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormError message={error} />
          <PasswordField
            label={t('auth.reset.newPassword')}
            autoComplete="new-password"
            autoFocus
            hint={t('auth.register.passwordHint', { min: LIMITS.passwordMin })}
            error={secret.formState.errors.password?.message}
            {...secret.register('password')}
          />
          <PasswordField
            label={t('auth.reset.confirmPassword')}
            autoComplete="new-password"
            error={secret.formState.errors.confirm_password?.message}
            {...secret.register('confirm_password')}
          />
          <div className="flex gap-3">
            <Button variant="secondary" className="flex-1" onClick={() => go(2)}>
              {t('auth.register.back')}
            </Button>
            <Button type="submit" className="flex-1" disabled={secret.formState.isSubmitting}>
              {secret.formState.isSubmitting ? t('auth.register.registering') : t('auth.register.submit')}
            </Button>
          </div>
        </form>
      )}

      {step === 4 && (
        <div className="space-y-6 text-center">
          <p className="text-slate-700">{t('auth.register.verifyWithin', { hours: PROMISES.verificationHours })}</p>
          <StatusTracker status={status} />
          <p className="text-sm text-slate-600">{t('auth.register.signInNow')}</p>
          <Link
            to="/login"
            className="inline-flex w-full items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t('auth.register.goToLogin')}
          </Link>
        </div>
      )}

      {step < 4 && (
        <p className="mt-6 text-center text-sm text-slate-600">
          {t('auth.register.already')}{' '}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            {t('auth.register.signIn')}
          </Link>
        </p>
      )}
    </AuthCard>
  );
}
