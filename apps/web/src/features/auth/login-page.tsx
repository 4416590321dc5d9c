import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginResponse, loginSchema } from '@ub/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { AuthCard } from '../../components/auth-card.tsx';
import { Button } from '../../components/button.tsx';
import { FormError, TextField } from '../../components/field.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { api } from '../../lib/api.ts';
import { storeSellerSession } from '../../lib/auth-storage.ts';
import { loginErrorMessage } from './login-error.ts';
import { adoptChosenLanguage, afterSignIn, sessionQueryKey } from './session.tsx';
import { useT } from '../../lib/i18n.tsx';

type LoginForm = z.input<typeof loginSchema>;

/** `?message=` codes and their catalogue ids. */
const NOTICES: Record<string, string> = {
  'password-reset-success': 'auth.login.resetNotice',
};

export default function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const noticeId = NOTICES[params.get('message') ?? ''];
  const notice = noticeId ? t(noticeId) : undefined;
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '', remember: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await api<LoginResponse>('/login', {
        method: 'POST',
        body: values,
        anonymous: true,
        fallbackError: t('errors.auth.invalidCredentials'),
      });
      storeSellerSession(res.token, res.user.id, Boolean(values.remember));
      const user = await adoptChosenLanguage(res.user);
      queryClient.setQueryData(sessionQueryKey('seller'), { user });
      navigate(afterSignIn(user.role, params.get('next')), { replace: true });
    } catch (err) {
      setError(loginErrorMessage(err, t('errors.auth.invalidCredentials')));
    }
  });

  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <Link to="/" className="font-medium text-slate-600 hover:text-brand-700">
          {t('auth.backHome')}
        </Link>
      }
    >
      {notice && (
        <div
          role="status"
          className="mb-4 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800"
        >
          {notice}
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError message={error} />
        <TextField
          label={t('auth.login.username')}
          autoComplete="username"
          error={errors.username?.message}
          {...register('username')}
        />
        <PasswordField
          label={t('auth.login.password')}
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="flex items-center justify-between text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" className="h-4 w-4 rounded border-slate-300" {...register('remember')} />
            {t('auth.login.remember')}
          </label>
          <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
            {t('auth.login.forgot')}
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? t('auth.login.signingIn') : t('auth.login.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('auth.login.newHere')}{' '}
        <Link to="/register" className="font-semibold text-brand-700 hover:underline">
          {t('auth.login.createOne')}
        </Link>
      </p>
      <p className="mt-2 text-center text-sm text-slate-600">
        {t('auth.login.buying')}{' '}
        <Link to="/buyer/register" className="font-semibold text-brand-700 hover:underline">
          {t('auth.login.registerBuyer')}
        </Link>
      </p>
    </AuthCard>
  );
}
