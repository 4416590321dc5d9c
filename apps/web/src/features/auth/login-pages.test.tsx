import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OTP, type SessionUser } from '@ub/shared';
import type { Language } from '@ub/shared/i18n';
import { compiledCatalogues } from '@ub/shared/i18n/catalogues';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminLoginPage from './admin-login-page.tsx';
import ForgotPasswordPage from './forgot-password-page.tsx';
import LoginPage from './login-page.tsx';
import { RequireSession } from './session.tsx';
import {
  applyCatalogue,
  currentLanguage,
  i18n,
  LanguageProvider,
  setLanguage,
  takeChosenLanguage,
} from '../../lib/i18n.tsx';

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

describe('the language chosen on the sign-in page', { timeout: 20_000 }, () => {
  const catalogues = compiledCatalogues();
  const account = (language: Language): SessionUser => ({
    id: 'u1',
    role: 'seller',
    name: 'Asha Patil',
    email: 'asha@example.in',
    phone: null,
    manufacturerId: 'm1',
    manufacturerStatus: 'approved',
    companyName: 'Patil Plastics',
    language,
  });
  let calls: Array<{ url: string; method: string; body?: unknown }>;

  /** The server: an English account signs in; the language PUT is echoed; catalogues come from packages/shared. */
  function server(accountLanguage: Language) {
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
        calls.push({ url, method, body });
        const lang = /\/api\/i18n\/(\w+)/.exec(url)?.[1] as Language | undefined;
        const json = lang
          ? { lang, messages: catalogues[lang] }
          : url === '/api/login'
            ? { token: 'tok', expiresAt: '2030-01-01T00:00:00Z', user: account(accountLanguage) }
            : url === '/api/auth/language'
              ? body
              : { user: account(accountLanguage) };
        return new Response(JSON.stringify(json), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
  }

  function signIn() {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LanguageProvider>
          <MemoryRouter initialEntries={['/login']}>
            <Routes>
              <Route path="/login" element={<LoginPage />} />
              <Route
                path="/dashboard"
                element={
                  <RequireSession realm="seller" area="seller">
                    <p>{i18n._('auth.login.title')}</p>
                    <p data-testid="dashboard">dashboard</p>
                  </RequireSession>
                }
              />
            </Routes>
          </MemoryRouter>
        </LanguageProvider>
      </QueryClientProvider>,
    );
  }

  async function submit() {
    await userEvent.type(screen.getByLabelText(i18n._('auth.login.username')), 'asha@example.in');
    await userEvent.type(screen.getByLabelText(i18n._('auth.login.password')), 'Kesar-Mango-Lassi-7');
    await userEvent.click(screen.getByRole('button', { name: i18n._('auth.login.submit') }));
    await screen.findByTestId('dashboard');
  }

  afterEach(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    sessionStorage.clear();
    applyCatalogue({ lang: 'en', messages: catalogues.en });
  });

  it('saves a language picked before signing in to the account, and keeps the page in it', async () => {
    server('en');
    await setLanguage('hi'); // the visitor picks हिन्दी in the sign-in page's switch
    signIn();
    await submit();
    expect(calls).toContainEqual({ url: '/api/auth/language', method: 'PUT', body: { language: 'hi' } });
    // Still Hindi after the session arrives (the account now says hi); the choice is spent.
    await new Promise((r) => setTimeout(r, 50));
    expect(currentLanguage()).toBe('hi');
    expect(takeChosenLanguage()).toBeUndefined();
  });

  it('follows the account language when this browser made no choice', async () => {
    server('en');
    // The page came in Hindi without a pick (Accept-Language, or an earlier account's language followed).
    await setLanguage('hi', { chosen: false });
    signIn();
    await submit();
    await waitFor(() => expect(currentLanguage()).toBe('en'));
    expect(calls.some((c) => c.url === '/api/auth/language')).toBe(false);
  });
});
