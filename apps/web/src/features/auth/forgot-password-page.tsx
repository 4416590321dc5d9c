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

const STEP_TEXT: Record<Step, { label: string; subtitle: string }> = {
  1: { label: 'Phone number', subtitle: 'Enter the mobile number registered with your account.' },
  2: { label: 'Verification code', subtitle: 'Enter the 6-digit code we sent to your phone.' },
  3: { label: 'New password', subtitle: 'Choose a new password for your account.' },
};

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
  return err instanceof ApiError ? err.message : fallback;
}

export default function ForgotPasswordPage() {
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
    const sent = await requestCode('Failed to send reset SMS');
    setBusy(false);
    if (sent) {
      setCode('');
      setStep(2);
    }
  });

  async function onResend() {
    setError(null);
    setBusy(true);
    const sent = await requestCode('Failed to resend code');
    setBusy(false);
    if (sent) {
      setCode('');
      toast.success('New code sent to your phone!');
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
        fallbackError: 'Invalid verification code',
      });
      setStep(3);
    } catch (err) {
      setError(errorMessage(err, 'Invalid verification code'));
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
        fallbackError: 'Failed to reset password',
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
      setError(errorMessage(err, 'Failed to reset password'));
    }
  });

  function changePhone() {
    setError(null);
    setCode('');
    setStep(1);
  }

  return (
    <AuthCard
      title="Reset your password"
      subtitle={STEP_TEXT[step].subtitle}
      footer={
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          Back to Login
        </Link>
      }
    >
      <StepIndicator step={step} total={3} label={STEP_TEXT[step].label} />

      {step === 1 && (
        <form onSubmit={onSend} noValidate className="space-y-4">
          <FormError message={error} />
          <Controller
            control={phoneForm.control}
            name="phoneNumber"
            render={({ field, fieldState }) => (
              <PhoneField
                label="Phone Number"
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
            {busy ? 'Sending...' : 'Send Reset Code'}
          </Button>
        </form>
      )}

      {step === 2 && (
        <form onSubmit={onVerify} noValidate className="space-y-4">
          <FormError message={error} />
          <p className="text-sm text-slate-600">
            If <span className="font-semibold text-slate-900">+91 {phone}</span> is registered, a code has been sent to
            it. It expires in {OTP.ttlMinutes} minutes.
          </p>
          <TextField
            label="Verification Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            placeholder="6-digit code"
            className="text-center font-mono text-lg tracking-[0.5em]"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, LIMITS.otpDigits))}
          />
          <Button type="submit" className="w-full" disabled={busy || code.length !== LIMITS.otpDigits}>
            {busy ? 'Checking...' : 'Verify Code'}
          </Button>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <button type="button" onClick={changePhone} className="font-medium text-brand-700 hover:underline">
              Change Phone Number
            </button>
            <Button variant="ghost" onClick={onResend} disabled={busy || cooldown.seconds > 0}>
              {cooldown.seconds > 0 ? `Resend code in ${cooldown.seconds}s` : 'Resend'}
            </Button>
          </div>
        </form>
      )}

      {step === 3 && (
        <form onSubmit={onReset} noValidate className="space-y-4">
          <FormError message={error} />
          <PasswordField
            label="New Password"
            autoComplete="new-password"
            autoFocus
            hint={`At least ${LIMITS.passwordMin} characters.`}
            error={passwordForm.formState.errors.newPassword?.message}
            {...passwordForm.register('newPassword')}
          />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            error={passwordForm.formState.errors.confirmPassword?.message}
            {...passwordForm.register('confirmPassword')}
          />
          <Button type="submit" className="w-full" disabled={passwordForm.formState.isSubmitting}>
            {passwordForm.formState.isSubmitting ? 'Resetting...' : 'Reset Password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
