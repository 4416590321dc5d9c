import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EinvoiceCredentials, EwayBillCredentials } from './tax-section.tsx';

describe('Settings > e-invoice portal API user', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the user name and password, then clears the password field; the stored password is never shown', async () => {
    const user = userEvent.setup();
    let view = { username: null as string | null, saved: false, updatedAt: null as string | null };
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        view = { username: body.username, saved: true, updatedAt: '2026-11-24T05:00:00.000Z' };
      }
      return new Response(JSON.stringify(view), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <EinvoiceCredentials />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('No API user stored.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Store credentials' }));
    expect(await screen.findByText('Enter the API password.')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, i]) => i?.method === 'PUT')).toHaveLength(0);

    await user.type(screen.getByLabelText('API user name'), 'seller_api');
    await user.type(screen.getByLabelText('API password'), 'Api#Pass1');
    await user.click(screen.getByRole('button', { name: 'Store credentials' }));
    const put = fetch.mock.calls.find(([, i]) => i?.method === 'PUT');
    expect(String(put?.[0])).toBe('/api/settings/einvoice-credentials');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ username: 'seller_api', password: 'Api#Pass1' });
    expect(await screen.findByText(/^Stored for user seller_api on /)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('API password')).toHaveValue(''));
    expect(screen.getByLabelText('API password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });

  it('keeps the e-way bill portal user apart: its own form, endpoint and message', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const view =
        init?.method === 'PUT'
          ? { username: 'ka_api', saved: true, updatedAt: '2026-11-24T05:00:00.000Z' }
          : { username: null, saved: false, updatedAt: null };
      return new Response(JSON.stringify(view), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <EwayBillCredentials />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('E-way bill portal API user')).toBeInTheDocument();
    await user.type(screen.getByLabelText('API password'), 'Ka#Pass1');
    await user.click(screen.getByRole('button', { name: 'Store credentials' }));
    expect(await screen.findByText('Enter the API user name from the e-way bill portal.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('API user name'), 'ka_api');
    await user.click(screen.getByRole('button', { name: 'Store credentials' }));
    const put = fetch.mock.calls.find(([, i]) => i?.method === 'PUT');
    expect(String(put?.[0])).toBe('/api/settings/ewaybill-credentials');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ username: 'ka_api', password: 'Ka#Pass1' });
    expect(await screen.findByText(/^Stored for user ka_api on /)).toBeInTheDocument();
  });
});
