import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GSTIN_MESSAGES } from '@ub/shared';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LoginPage from '../auth/login-page.tsx';
import { RequireSession } from '../auth/session.tsx';
import BuyerRegisterPage from './buyer-register-page.tsx';

type Reply = { status: number; body: unknown };

/** Answers each fetch with the next reply and records what was sent. */
function serve(...replies: Reply[]) {
  const sent: Array<{ url: string; body: Record<string, unknown> }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body ?? '{}')) });
      const r = replies.shift() ?? { status: 500, body: {} };
      return new Response(JSON.stringify(r.body), {
        status: r.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

function show(path: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/buyer/register" element={<BuyerRegisterPage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/buyer" element={<p>Buyer home</p>} />
          <Route path="/dashboard" element={<p>Seller home</p>} />
          <Route path="/products/:id" element={<p>Product page</p>} />
          <Route
            path="/dashboard/orders"
            element={
              <RequireSession realm="seller" area="seller">
                <p>Seller orders</p>
              </RequireSession>
            }
          />
          <Route
            path="/buyer/orders"
            element={
              <RequireSession realm="seller" area="buyer">
                <p>Buyer orders</p>
              </RequireSession>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function fill(values: Partial<Record<string, string>> = {}) {
  const v = {
    phone: '9811122233',
    email: 'ravi@menon.in',
    name: 'Ravi Menon',
    company: 'Menon Retail LLP',
    address: 'Sector 29, Gurugram',
    state: 'Haryana',
    gstin: '',
    password: 'Kesar-Mango-Lassi-7',
    confirm: 'Kesar-Mango-Lassi-7',
    ...values,
  };
  await userEvent.type(screen.getByLabelText('Phone Number'), v.phone);
  await userEvent.type(screen.getByLabelText('Email Address'), v.email);
  await userEvent.type(screen.getByLabelText('Full Name'), v.name);
  await userEvent.type(screen.getByLabelText('Company Name'), v.company);
  await userEvent.type(screen.getByLabelText('Address'), v.address);
  await userEvent.selectOptions(screen.getByLabelText('State'), v.state);
  if (v.gstin) await userEvent.type(screen.getByLabelText('GSTIN (optional)'), v.gstin);
  await userEvent.type(screen.getByLabelText('Password'), v.password);
  await userEvent.type(screen.getByLabelText('Confirm Password'), v.confirm);
}

const signedIn = (role: 'buyer' | 'seller') => ({
  status: 200,
  body: {
    token: 't0k3n',
    expiresAt: '2030-01-01T00:00:00.000Z',
    user: {
      id: 'u1',
      role,
      name: 'Ravi Menon',
      email: 'ravi@menon.in',
      phone: null,
      manufacturerId: null,
      manufacturerStatus: null,
      companyName: null,
    },
  },
});

describe('buyer registration form', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    localStorage.clear();
  });

  it('shows every missing field with the seller form messages and sends nothing', async () => {
    const sent = serve();
    show('/buyer/register');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Full name is required.')).toBeInTheDocument();
    expect(screen.getByText('Company name is required.')).toBeInTheDocument();
    expect(screen.getByText('Address is required.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('refuses a GSTIN of another state and a password pair that does not match, keeping what was typed', async () => {
    const sent = serve();
    show('/buyer/register');
    await fill({ gstin: '27AAPFU0939F1ZV', confirm: 'Kesar-Mango-Lassi-8' });
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(GSTIN_MESSAGES.stateMismatch('Maharashtra', '27', 'Haryana'))).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByLabelText('Company Name')).toHaveValue('Menon Retail LLP');
    expect(sent).toHaveLength(0);
  });

  it('registers without a GSTIN, signs the buyer in and opens the buyer area', async () => {
    const sent = serve({ status: 201, body: { id: 'u1', buyerId: 'b1' } }, signedIn('buyer'));
    show('/buyer/register');
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Buyer home')).toBeInTheDocument();
    expect(sent[0]?.url).toBe('/api/buyer/register');
    expect(sent[0]?.body).toMatchObject({ phone: '9811122233', contact_name: 'Ravi Menon', state: 'Haryana' });
    expect(sent[0]?.body.gst_number).toBeUndefined();
    expect(sent[1]).toMatchObject({ url: '/api/login', body: { username: 'ravi@menon.in' } });
    expect(sessionStorage.getItem('token')).toBe('t0k3n');
  });

  it("puts the server's duplicate e-mail message on the e-mail field", async () => {
    serve({
      status: 409,
      body: {
        error: 'An account with this email already exists.',
        fields: { email: 'An account with this email already exists.' },
      },
    });
    show('/buyer/register');
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findAllByText('An account with this email already exists.')).not.toHaveLength(0);
    const email = screen.getByLabelText('Email Address');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveValue('ravi@menon.in');
  });
});

describe('the one sign-in page', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  async function signIn() {
    await userEvent.type(screen.getByLabelText('Email or Phone'), 'ravi@menon.in');
    await userEvent.type(screen.getByLabelText('Password'), 'Kesar-Mango-Lassi-7');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  }

  it('sends a buyer to the buyer area', async () => {
    serve(signedIn('buyer'));
    show('/login');
    await signIn();
    expect(await screen.findByText('Buyer home')).toBeInTheDocument();
  });

  it('sends a seller to the seller dashboard', async () => {
    serve(signedIn('seller'));
    show('/login');
    await signIn();
    expect(await screen.findByText('Seller home')).toBeInTheDocument();
  });

  it('follows a same-site ?next= path, never another site', async () => {
    serve(signedIn('buyer'));
    show('/login?next=%2Fproducts%2F42');
    await signIn();
    expect(await screen.findByText('Product page')).toBeInTheDocument();
  });

  it('ignores a ?next= that names another site', async () => {
    serve(signedIn('buyer'));
    show('/login?next=%2F%2Fevil.example');
    await signIn();
    expect(await screen.findByText('Buyer home')).toBeInTheDocument();
  });

  it('offers buyer registration', () => {
    serve();
    show('/login');
    const link = screen.getByRole('link', { name: 'Register as a buyer' });
    expect(link).toHaveAttribute('href', '/buyer/register');
    expect(within(link.parentElement as HTMLElement).getByText(/Buying for your business/)).toBeInTheDocument();
  });
});

describe('each area refuses the other role', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it("sends a buyer's token away from the seller dashboard to /buyer", async () => {
    sessionStorage.setItem('token', 't0k3n');
    serve({ status: 200, body: { user: signedIn('buyer').body.user } });
    show('/dashboard/orders');
    expect(await screen.findByText('Buyer home')).toBeInTheDocument();
    expect(screen.queryByText('Seller orders')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBe('t0k3n');
  });

  it("sends a seller's token away from the buyer area to /dashboard", async () => {
    sessionStorage.setItem('token', 't0k3n');
    serve({ status: 200, body: { user: signedIn('seller').body.user } });
    show('/buyer/orders');
    expect(await screen.findByText('Seller home')).toBeInTheDocument();
  });

  it('sends a signed-out visitor of the buyer area to /login, to come back afterwards', async () => {
    serve(signedIn('buyer'));
    show('/buyer/orders');
    await userEvent.type(await screen.findByLabelText('Email or Phone'), 'ravi@menon.in');
    await userEvent.type(screen.getByLabelText('Password'), 'Kesar-Mango-Lassi-7');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Buyer orders')).toBeInTheDocument();
  });
});
