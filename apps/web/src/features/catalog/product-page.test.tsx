import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATALOG_MESSAGES, type CatalogProductDetail } from '@ub/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '../../components/toasts.tsx';
import ProductPage from './product-page.tsx';

const id = '0190a3c2-7b1e-7c4d-9f00-123456789abc';
const product: CatalogProductDetail = {
  id,
  name: 'Wooden Toy Car',
  description: 'Sheesham wood.',
  price: '250.00',
  unit: 'piece',
  moq: 12,
  stockState: 'low',
  category: 'toys',
  subCategory: null,
  hsnCode: '9503',
  gstRate: '18.00',
  sizes: [],
  colors: ['Red'],
  material: 'Wood',
  brand: 'Kutch Craft',
  modelNumber: null,
  dimensions: null,
  weight: null,
  packaging: null,
  images: [],
  seller: {
    id: 'seller-1',
    company: 'Kutch Craft Exports',
    state: 'Gujarat',
    category: 'toys',
    verified: true,
    since: null,
  },
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPage(cart: (init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    url === `/api/catalog/products/${id}` ? json(200, product) : cart(init),
  );
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/products/:id', element: <ProductPage /> },
      { path: '/login', element: <p>Sign-in page</p> },
    ],
    { initialEntries: [`/products/${id}-wooden-toy-car`] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toasts />
    </QueryClientProvider>,
  );
  return { router, fetchMock };
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('ProductPage', () => {
  it('shows the product, its stock state, seller link and the quote link', async () => {
    renderPage(() => json(500, {}));
    expect(await screen.findByRole('heading', { level: 1, name: 'Wooden Toy Car' })).toBeInTheDocument();
    expect(screen.getByText('Low stock')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kutch Craft Exports' })).toHaveAttribute('href', '/sellers/seller-1');
    expect(screen.getByRole('link', { name: 'Request a quote' })).toHaveAttribute(
      'href',
      `/buyer/rfqs/new?product=${id}`,
    );
  });

  it('sends a visitor without a session to sign in and back', async () => {
    const { router, fetchMock } = renderPage(() => json(500, {}));
    await userEvent.click(await screen.findByRole('button', { name: 'Add to order list' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent(`/products/${id}`)}`);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('adds the MOQ to the order list of a signed-in buyer', async () => {
    sessionStorage.setItem('token', 'buyer-token');
    const { fetchMock } = renderPage(() => json(201, { items: [] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add to order list' }));
    expect(await screen.findByText(CATALOG_MESSAGES.added)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/buyer/cart/items');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ productId: id, quantity: 12 });
  });

  it("shows the server's message when the order list cannot take it", async () => {
    sessionStorage.setItem('token', 'buyer-token');
    renderPage(() => json(404, { error: 'Route POST /api/buyer/cart/items not found' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add to order list' }));
    expect(await screen.findByText('Route POST /api/buyer/cart/items not found')).toBeInTheDocument();
  });
});
