import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminJobsPage from './admin-jobs-page.tsx';

const deadJob = {
  id: '6f1c2a7e-3b1d-4c1a-9a55-0d1f2e3c4b5a',
  name: 'lead.webhook',
  state: 'dead',
  attempts: 4,
  maxAttempts: 4,
  lastError: 'webhook answered 502',
  createdAt: '2026-11-23T04:00:00.000Z',
  at: '2026-11-23T04:30:00.000Z',
};
const counts = { queued: 2, running: 0, done: 40, dead: 1, retrying: 1 };

afterEach(() => vi.unstubAllGlobals());

describe('Background jobs page', () => {
  it('shows counts and the dead letter in IST, and retries a dead job through the API', async () => {
    const calls: Array<{ url: string; method: string }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push({ url, method: init.method ?? 'GET' });
        const body =
          init.method === 'POST'
            ? { message: 'The job will run again shortly.' }
            : { jobs: [deadJob], total: 1, page: 1, pageSize: 20, counts };
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <AdminJobsPage />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByText('lead.webhook')).toBeInTheDocument();
    expect(screen.getByText('webhook answered 502')).toBeInTheDocument();
    expect(screen.getByText('4 of 4')).toBeInTheDocument();
    // 04:30 UTC is 10:00 in India.
    expect(screen.getByText(/10:00\s*am/i)).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/admin/jobs?state=dead&page=1&pageSize=20');

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() =>
      expect(calls).toContainEqual({ url: `/api/admin/jobs/${deadJob.id}/retry`, method: 'POST' }),
    );
  });
});
