import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SITE_SETTINGS, PRODUCT_MESSAGES, type ProductDetail } from '@ub/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditProductModal } from './edit-product-modal.tsx';

const product: ProductDetail = {
  id: 'p1',
  name: 'Kurta',
  description: 'Cotton kurta',
  sku: 'KU-1',
  price: '499.00',
  moq: 10,
  stock: 5,
  unit: 'piece',
  brand: null,
  category: 'toys',
  subCategory: null,
  modelNumber: null,
  sizes: ['Free Size'],
  colors: ['Sky Blue', 'Navy Blue'],
  material: null,
  dimensions: null,
  weight: null,
  packaging: null,
  hsn_code: null,
  gst_percentage: null,
  status: 'active',
  moderation_status: 'pending',
  moderation_reason: null,
  approved_price: null,
  version: 3,
  media: [],
  media_urls: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderModal(fetchMock: (url: string, init?: RequestInit) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) =>
      url === '/api/site'
        ? json(200, DEFAULT_SITE_SETTINGS)
        : url === `/api/product/${product.id}` && !init?.method
          ? json(200, product)
          : fetchMock(url, init),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EditProductModal productId={product.id} onClose={() => {}} />
    </QueryClientProvider>,
  );
}

describe('Edit Product', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.setItem('token', 'seller-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('pins Save and Cancel in the modal footer, outside the scrolling body', async () => {
    renderModal(() => json(500, {}));
    const save = await screen.findByRole('button', { name: 'Save Changes', hidden: true });
    const cancel = screen.getByRole('button', { name: 'Cancel', hidden: true });
    const body = screen.getByLabelText('Product Name *').closest('.overflow-y-auto');
    expect(body).not.toBeNull();
    expect(body?.contains(save)).toBe(false);
    expect(body?.contains(cancel)).toBe(false);
  });

  it('shows the list values comma-separated and keeps a value’s inner spaces', async () => {
    renderModal(() => json(500, {}));
    expect(await screen.findByLabelText('Colours')).toHaveValue('Sky Blue, Navy Blue');
    const sizes = screen.getByLabelText('Sizes');
    await userEvent.clear(sizes);
    await userEvent.type(sizes, ' Free   Size,,xl , XL');
    fireEvent.blur(sizes);
    await waitFor(() => expect(sizes).toHaveValue('Free Size, xl'));
  });

  it('shows a taken SKU once, beside the SKU field', async () => {
    renderModal((url) =>
      url === `/api/product/${product.id}`
        ? json(409, { error: PRODUCT_MESSAGES.skuTaken, fields: { sku: PRODUCT_MESSAGES.skuTaken } })
        : json(500, {}),
    );
    const sku = await screen.findByLabelText('SKU *');
    await userEvent.clear(sku);
    await userEvent.type(sku, 'ku-2');
    // happy-dom leaves a select blank when its value is set before the form resets it; a browser does not.
    await userEvent.selectOptions(screen.getByLabelText('Unit *'), 'piece');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes', hidden: true }));
    await waitFor(() => expect(screen.getAllByText(PRODUCT_MESSAGES.skuTaken)).toHaveLength(1));
    expect(sku).toHaveAttribute('aria-invalid', 'true');
  });
});
