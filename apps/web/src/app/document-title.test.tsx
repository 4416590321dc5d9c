import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TitledOutlet } from './document-title.tsx';

const router = () =>
  createMemoryRouter(
    [
      {
        Component: TitledOutlet,
        children: [
          { path: '/', element: <Link to="/dashboard/orders">Orders</Link> },
          {
            path: '/dashboard',
            handle: { title: 'Seller' },
            children: [
              { path: 'orders', handle: { title: 'Order Management' }, element: <p>Orders page</p> },
              { path: 'payments', handle: { title: 'titles.payments' }, element: <p>Payments page</p> },
            ],
          },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );

describe('document titles', () => {
  it('names the deepest titled route, and the home page keeps its own title', async () => {
    render(<RouterProvider router={router()} />);
    expect(document.title).toBe("Udyog Bazaar: become a verified seller on India's B2B marketplace");
    await userEvent.click(screen.getByRole('link', { name: 'Orders' }));
    await screen.findByText('Orders page');
    expect(document.title).toBe('Order Management · Udyog Bazaar');
  });

  it('says a catalogue id in the active language', async () => {
    const r = router();
    render(<RouterProvider router={r} />);
    await r.navigate('/dashboard/payments');
    await screen.findByText('Payments page');
    expect(document.title).toBe('Payments · Udyog Bazaar');
  });
});
