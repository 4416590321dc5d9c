import type { LoginResponse } from '@ub/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../components/auth-card.tsx';
import { Button } from '../../components/button.tsx';
import { FormError, TextField } from '../../components/field.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { api } from '../../lib/api.ts';
import { storeAdminSession } from '../../lib/auth-storage.ts';
import { loginErrorMessage } from './login-error.ts';
import { sessionQueryKey } from './session.tsx';

export default function AdminLoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError('Invalid Credentials');
      return;
    }
    setBusy(true);
    try {
      const res = await api<LoginResponse>('/admin/login', {
        method: 'POST',
        body: { email, password },
        anonymous: true,
        realm: 'admin',
        fallbackError: 'Invalid Credentials',
      });
      storeAdminSession(res.token, res.user.id);
      queryClient.setQueryData(sessionQueryKey('admin'), { user: res.user });
      navigate('/admin', { replace: true });
    } catch (err) {
      setError(loginErrorMessage(err, 'Invalid Credentials'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Admin Login" subtitle="Platform administrators only.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError message={error} />
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
    </AuthCard>
  );
}
