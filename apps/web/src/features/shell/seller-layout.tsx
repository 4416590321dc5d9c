import { RequireSession, useLogout, useSessionUser } from '../auth/session.tsx';
import { type NavItem, SidebarLayout } from './sidebar-layout.tsx';
import { UserMenu } from './user-menu.tsx';
import { sellerTopBarItems } from './top-bar-slots.tsx';

const NAV: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: '▦', end: true },
  { to: 'products', label: 'Products', icon: '▣' },
  { to: 'orders', label: 'Order Management', icon: '▥' },
  { to: 'payments', label: 'Payments', icon: '₹' },
  { to: 'rfqs', label: 'RFQs', icon: '✉' },
  { to: 'help', label: 'Help & Docs', icon: '?' },
  { to: 'settings', label: 'Settings', icon: '⚙' },
];

function SellerTopBar() {
  const user = useSessionUser();
  const logout = useLogout('seller');
  return (
    <>
      {sellerTopBarItems.map((Item) => (
        <Item key={Item.name} />
      ))}
      <UserMenu label={user.name} items={[{ label: 'Logout', onSelect: logout }]} />
    </>
  );
}

export default function SellerLayout() {
  return (
    <RequireSession realm="seller">
      <SidebarLayout title="Manufacturers App" nav={NAV} topBar={<SellerTopBar />} />
    </RequireSession>
  );
}
