import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema, LIMITS, MESSAGES, OTP, password, refinePasswordNotLogin } from '@ub/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { AuthCard } from '../../components/auth-card.tsx';
import { Button } from '../../components/button.tsx';
import { FormError, TextField } from '../../components/field.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { loadCommonPasswords, withCommonPasswords } from '../../lib/common-passwords.ts';
import { PhoneField } from './phone-field.tsx';
import { StepIndicator } from './step-indicator.tsx';
import { T, type TFunction, translateMessage, useT } from '../../lib/i18n.tsx';

type Step = 1 | 2 | 3;

/** The new password for the account of `phone`: the server's rules, and not that phone number. */
const newPasswordSchemaFor = (phone: string) =>
  z
    .object({ newPassword: password, confirmPassword: z.string() })
    .refine((v) => v.newPassword === v.confirmPassword, {
      message: MESSAGES.passwordMismatch,
      path: ['confirmPassword'],
    })
    .superRefine(refinePasswordNotLogin('newPassword', () => ({ phone })));
type NewPassword = z.input<ReturnType<typeof newPasswordSchemaFor>>;

/** Each step's words: `auth.reset.steps.<n>.label|subtitle`. */
const STEP_TEXT = (step: Step, t: TFunction) => ({
  label: t(`auth.reset.steps.${step}.label`),
  subtitle: t(`auth.reset.steps.${step}.subtitle`),
});

/** Seconds until another code may be requested, from the server's Retry-After or our own cooldown. */
function useCountdown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 1000);
    return () => window.clearTimeout(timer);
  }, [until, now]);
  return {
    seconds: Math.max(0, Math.ceil((until - now) / 1000)),
    start(seconds: number) {
      const t = Date.now();
      setNow(t);
      setUntil(t + seconds * 1000);
    },
  };
}

function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError ? translateMessage(err.message) : fallback;
}

export default function ForgotPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(1);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cooldown = useCountdown();

  const phoneForm = useForm<{ phoneNumber: string }>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { phoneNumber: '' },
  });
  const passwordForm = useForm<NewPassword>({
    resolver: withCommonPasswords(() => zodResolver(newPasswordSchemaFor(phoneForm.getValues('phoneNumber')))),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const phone = phoneForm.watch('phoneNumber');
  // The code step comes first: the list downloads while the person reads their SMS.
  useEffect(() => {
    if (step >= 2) void loadCommonPasswords();
  }, [step]);

  /** Sends (or resends) a code; a 429 carries how long to wait, which drives the countdown. */
  async function requestCode(fallback: string): Promise<boolean> {
    try {
      await api('/forgot-password-sms', {
        method: 'POST',
        anonymous: true,
        body: { phoneNumber: phone },
        fallbackError: fallback,
      });
      cooldown.start(OTP.resendCooldownSeconds);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 429 && err.retryAfter) cooldown.start(err.retryAfter);
      setError(errorMessage(err, fallback));
      return false;
    }
  }

  const onSend = phoneForm.handleSubmit(async () => {
    setError(null);
    setBusy(true);
    const sent = await requestCode(t('errors.auth.smsFailed'));
    setBusy(false);
    if (sent) {
      setCode('');
      setStep(2);
    }
  });

  async function onResend() {
    setError(null);
    setBusy(true);
    const sent = await requestCode(t('auth.reset.resendFailed'));
    setBusy(false);
    if (sent) {
      setCode('');
      toast.success(t('auth.reset.codeResent'));
    }
  }

  async function onVerify(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await api('/verify-reset-code', {
        method: 'POST',
        anonymous: true,
        body: { phoneNumber: phone, code },
        fallbackError: t('validation.otpInvalid'),
      });
      setStep(3);
    } catch (err) {
      setError(errorMessage(err, t('validation.otpInvalid')));
    } finally {
      setBusy(false);
    }
  }

  const onReset = passwordForm.handleSubmit(async ({ newPassword }) => {
    setError(null);
    try {
      await api('/reset-password', {
        method: 'POST',
        anonymous: true,
        body: { phoneNumber: phone, code, newPassword },
        fallbackError: t('errors.auth.resetFailed'),
      });
      navigate('/login?message=password-reset-success', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.fields.newPassword) {
        passwordForm.setError('newPassword', { type: 'server', message: err.fields.newPassword });
        return;
      }
      // The code expired or was spent meanwhile: back to the code step, where a new one can be sent.
      if (err instanceof ApiError && err.status === 400) {
        setCode('');
        setStep(2);
      }
      setError(errorMessage(err, t('errors.auth.resetFailed')));
    }
  });

  function changePhone() {
    setError(null);
    setCode('');
    setStep(1);
  }

  return (
    <AuthCard
      title={t('auth.reset.title')}
      subtitle={STEP_TEXT(step, t).subtitle}
      footer={
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          {t('auth.reset.backToLogin')}
        </Link>
      }
    >
      <StepIndicator step={step} total={3} label={STEP_TEXT(step, t).label} />

      {step === 1 && (
        <form onSubmit={onSend} noValidate className="space-y-4">
          <FormError message={error} />
          <Controller
            control={phoneForm.control}
            name="phoneNumber"
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
          <Button type="submit" className="w-full" disabled={busy || phone.length < LIMITS.contactDigits}>
            {busy ? t('auth.reset.sending') : t('auth.reset.send')}
          </Button>
        </form>
      )}

      {step === 2 && (
        <form onSubmit={onVerify} noValidate className="space-y-4">
          <FormError message={error} />
          <p className="text-sm text-slate-600">
            <T
              id="auth.reset.codeSent"
              values={{ phone: `+91 ${phone}`, minutes: OTP.ttlMinutes }}
              components={[<span key="0" className="font-semibold text-slate-900" />]}
            />
          </p>
          <TextField
            label={t('auth.reset.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            placeholder={t('auth.reset.codePlaceholder')}
            className="text-center font-mono text-lg tracking-[0.5em]"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, LIMITS.otpDigits))}
          />
          <Button type="submit" className="w-full" disabled={busy || code.length !== LIMITS.otpDigits}>
            {busy ? t('auth.reset.checking') : t('auth.reset.verify')}
          </Button>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <button type="button" onClick={changePhone} className="font-medium text-brand-700 hover:underline">
              {t('auth.reset.changePhone')}
            </button>
            <Button variant="ghost" onClick={onResend} disabled={busy || cooldown.seconds > 0}>
              {cooldown.seconds > 0 ? t('auth.reset.resendIn', { seconds: cooldown.seconds }) : t('auth.reset.resend')}
            </Button>
          </div>
        </form>
      )}

      {step === 3 && (
        <form onSubmit={onReset} noValidate className="space-y-4">
          <FormError message={error} />
          <PasswordField
            label={t('auth.reset.newPassword')}
            autoComplete="new-password"
            autoFocus
            hint={`At least ${LIMITS.passwordMin} characters.`}
            error={passwordForm.formState.errors.newPassword?.message}
            {...passwordForm.register('newPassword')}
          />
          <PasswordField
            label={t('auth.reset.confirmPassword')}
            autoComplete="new-password"
            error={passwordForm.formState.errors.confirmPassword?.message}
            {...passwordForm.register('confirmPassword')}
          />
          <Button type="submit" className="w-full" disabled={passwordForm.formState.isSubmitting}>
            {passwordForm.formState.isSubmitting ? t('auth.reset.resetting') : t('auth.reset.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
