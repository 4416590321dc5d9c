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
import { afterSignIn, sessionQueryKey } from './session.tsx';

type LoginForm = z.input<typeof loginSchema>;

const NOTICES: Record<string, string> = {
  'password-reset-success': 'Your password has been reset. Please sign in with your new password.',
};

export default function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const notice = NOTICES[params.get('message') ?? ''];
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
        fallbackError: 'Invalid Credentials',
      });
      storeSellerSession(res.token, res.user.id, Boolean(values.remember));
      queryClient.setQueryData(sessionQueryKey('seller'), { user: res.user });
      navigate(afterSignIn(res.user.role, params.get('next')), { replace: true });
    } catch (err) {
      setError(loginErrorMessage(err, 'Invalid Credentials'));
    }
  });

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to buy or sell: orders, RFQs and requirements in one place."
      footer={
        <Link to="/" className="font-medium text-slate-600 hover:text-brand-700">
          ← Back to home
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
          label="Email or Phone"
          autoComplete="username"
          error={errors.username?.message}
          {...register('username')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="flex items-center justify-between text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" className="h-4 w-4 rounded border-slate-300" {...register('remember')} />
            Remember me
          </label>
          <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        New to Udyog Bazaar?{' '}
        <Link to="/register" className="font-semibold text-brand-700 hover:underline">
          Create one here
        </Link>
      </p>
      <p className="mt-2 text-center text-sm text-slate-600">
        Buying for your business?{' '}
        <Link to="/buyer/register" className="font-semibold text-brand-700 hover:underline">
          Register as a buyer
        </Link>
      </p>
    </AuthCard>
  );
}
