import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VEHICLE_NUMBER_MESSAGE } from '@ub/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EwayBillSection } from './order-details-modal.tsx';

const hour = 3_600_000;
const bill = (over: Record<string, unknown> = {}) => ({
  ewbNumber: '321012345678',
  ewbDate: new Date(Date.now() - hour).toISOString(),
  validUntil: '2026-11-29T18:29:00.000Z',
  transporterName: 'VRL Logistics',
  transportMode: 'road',
  vehicleNumber: 'KA01AB1234',
  transportDocNumber: null,
  fromPlace: 'Maharashtra',
  fromStateCode: '27',
  vehicleUpdatedAt: null,
  distanceKm: 840,
  cancelledAt: null,
  cancelReasonCode: null,
  cancelRemark: null,
  cancellableUntil: new Date(Date.now() + 23 * hour).toISOString(),
  managed: true,
  payload: {},
  ...over,
});

function renderWith(answers: (url: string, init?: RequestInit) => unknown) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = answers(String(input), init);
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <EwayBillSection orderId="o-1" />
    </QueryClientProvider>,
  );
  return fetch;
}

describe('Order > e-way bill', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the validity and sends a new vehicle with its place, state and reason', async () => {
    const user = userEvent.setup();
    const fetch = renderWith((url, init) =>
      init?.method === 'POST' ? bill({ vehicleNumber: 'KA05MN4321', fromPlace: 'Hubballi' }) : bill(),
    );
    expect(await screen.findByText('E-way bill no. 321012345678')).toBeInTheDocument();
    expect(screen.getByText(/^Valid until /)).toBeInTheDocument();
    expect(screen.getByText(/840 km: 5 days/)).toBeInTheDocument();
    expect(screen.getByText(/^It can be cancelled until /)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update vehicle' }));
    await user.clear(screen.getByLabelText('From place'));
    await user.click(screen.getAllByRole('button', { name: 'Update vehicle' })[1] as HTMLElement);
    expect(await screen.findByText('Enter the place the goods move from.')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, i]) => i?.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText('New vehicle number'), 'ka 05 mn 4321');
    await user.type(screen.getByLabelText('From place'), 'Hubballi');
    await user.selectOptions(screen.getByLabelText('From state'), '29');
    await user.type(screen.getByLabelText('Remarks'), 'Truck broke down');
    await user.click(screen.getAllByRole('button', { name: 'Update vehicle' })[1] as HTMLElement);
    const post = fetch.mock.calls.find(([, i]) => i?.method === 'POST');
    expect(String(post?.[0])).toBe('/api/orders/o-1/eway-bill/vehicle');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      mode: 'road',
      vehicleNumber: 'KA05MN4321',
      fromPlace: 'Hubballi',
      fromStateCode: '29',
      reasonCode: '1',
      reasonRemark: 'Truck broke down',
    });
  });

  it('refuses a vehicle number the portal would refuse before sending anything', async () => {
    const user = userEvent.setup();
    const fetch = renderWith(() => bill());
    await user.click(await screen.findByRole('button', { name: 'Update vehicle' }));
    await user.type(screen.getByLabelText('New vehicle number'), 'dl 1c 1234');
    await user.type(screen.getByLabelText('From place'), 'Hubballi');
    await user.selectOptions(screen.getByLabelText('From state'), '29');
    await user.click(screen.getAllByRole('button', { name: 'Update vehicle' })[1] as HTMLElement);
    expect(await screen.findByText(VEHICLE_NUMBER_MESSAGE)).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, i]) => i?.method === 'POST')).toHaveLength(0);
  });

  it('offers no cancellation once 24 hours have passed, and shows a cancelled bill as cancelled', async () => {
    renderWith(() => bill({ cancellableUntil: new Date(Date.now() - hour).toISOString() }));
    expect(await screen.findByText('The 24 hours to cancel it have passed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel e-way bill' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Update vehicle' })).toBeInTheDocument();
  });

  it('shows a cancelled bill with its reason and offers nothing more', async () => {
    renderWith(() => bill({ cancelledAt: new Date().toISOString(), cancelReasonCode: '2' }));
    expect(await screen.findByText(/^Cancelled on .+ · Reason: Order cancelled$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update vehicle' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel e-way bill' })).toBeNull();
  });
});
