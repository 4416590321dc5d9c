import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LayoutDashboard, ShoppingCart } from 'lucide-react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TitledOutlet } from '../../app/document-title.tsx';
import { PublicFrame } from '../catalog/components/public-header.tsx';
import { SidebarLayout } from './sidebar-layout.tsx';

/** The screen width as a media query sees it. */
function screenWidth(px: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: px >= Number(/min-width: (\d+)px/.exec(query)?.[1] ?? 0),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

afterEach(() => vi.unstubAllGlobals());

const nav = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/dashboard/orders', label: 'Orders', icon: ShoppingCart },
];

function renderApp(path = '/dashboard') {
  const router = createMemoryRouter(
    [
      {
        Component: TitledOutlet,
        children: [
          {
            path: '/dashboard',
            element: <SidebarLayout title="Seller Dashboard" nav={nav} topBar={<button type="button">Bell</button>} />,
            children: [
              {
                index: true,
                handle: { title: 'Dashboard' },
                element: (
                  <>
                    <h1>Dashboard</h1>
                    <Link to="/dashboard/orders">All orders</Link>
                  </>
                ),
              },
              {
                path: 'orders',
                handle: { title: 'Order Management' },
                element: (
                  <>
                    <h1>Order Management</h1>
                    <Link to="/dashboard/orders/42">Open order 42</Link>
                  </>
                ),
                children: [{ path: ':id' }],
              },
            ],
          },
          { path: '/products', handle: { title: 'Products' }, element: <PublicFrame>Products</PublicFrame> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('keyboard: the side menu at phone width', () => {
  it('keeps no Tab stops while closed, takes focus when opened and gives it back on Escape', async () => {
    screenWidth(375);
    renderApp();
    const menu = screen.getByRole('complementary', { hidden: true });
    expect(menu).toHaveAttribute('inert');
    const open = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(open);
    expect(menu).not.toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('inert');
    expect(open).toHaveFocus();
  });

  it('is always there on a wide screen', () => {
    screenWidth(1280);
    renderApp();
    expect(screen.getByRole('complementary', { name: 'Seller Dashboard' })).not.toHaveAttribute('inert');
  });
});

describe('keyboard: skip links', () => {
  it('the app layout: the first Tab stop skips to the main content', async () => {
    screenWidth(1280);
    renderApp();
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('the catalogue layout has one too', async () => {
    renderApp('/products');
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });
});

describe('keyboard: focus after navigation', () => {
  it("moves to the new page's heading, not on the first load, and not for a record opened over its list", async () => {
    screenWidth(1280);
    const router = renderApp();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).not.toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: 'All orders' }));
    const heading = await screen.findByRole('heading', { name: 'Order Management' });
    await vi.waitFor(() => expect(heading).toHaveFocus());
    const record = screen.getByRole('link', { name: 'Open order 42' });
    record.focus();
    await router.navigate('/dashboard/orders/42');
    expect(record).toHaveFocus();
  });
});
