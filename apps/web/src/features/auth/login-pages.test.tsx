import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OTP } from '@ub/shared';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminLoginPage from './admin-login-page.tsx';
import ForgotPasswordPage from './forgot-password-page.tsx';
import LoginPage from './login-page.tsx';

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }),
    ),
  );
}

function show(page: ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const limited = { error: 'Too many requests. Please try again later.' };

describe('a rate-limited sign-in says how long to wait', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['840', 'Too many attempts. Try again in 14 minutes.'],
    ['61', 'Too many attempts. Try again in 2 minutes.'],
    ['42', 'Too many attempts. Try again in 42 seconds.'],
    ['1', 'Too many attempts. Try again in 1 second.'],
  ])('seller login, Retry-After %s', async (retryAfter, message) => {
    answer(429, limited, { 'retry-after': retryAfter });
    show(<LoginPage />);
    await userEvent.type(screen.getByLabelText('Email or Phone'), 'seller@example.in');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('admin login', async () => {
    answer(429, limited, { 'retry-after': '60' });
    show(<AdminLoginPage />);
    await userEvent.type(screen.getByLabelText('Email'), 'admin@example.in');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Too many attempts. Try again in 1 minute.')).toBeInTheDocument();
  });

  it('keeps the server’s message when there is no Retry-After', async () => {
    answer(401, { error: 'Invalid Credentials' });
    show(<LoginPage />);
    await userEvent.type(screen.getByLabelText('Email or Phone'), 'seller@example.in');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid Credentials')).toBeInTheDocument();
  });
});

describe('forgot password', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts the resend cooldown down on the Resend button', async () => {
    answer(200, { message: 'ok' });
    show(<ForgotPasswordPage />);
    await userEvent.type(screen.getByLabelText('Phone Number'), '9876543210');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    const resend = await screen.findByRole('button', { name: `Resend code in ${OTP.resendCooldownSeconds}s` });
    expect(resend).toBeDisabled();
  });
});
