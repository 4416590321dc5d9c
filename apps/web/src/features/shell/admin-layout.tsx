import { RequireSession, useLogout } from '../auth/session.tsx';
import { type NavItem, SidebarLayout } from './sidebar-layout.tsx';
import { UserMenu } from './user-menu.tsx';

const NAV: NavItem[] = [
  { to: '/admin', label: 'Dashboard', icon: '▦', end: true },
  { to: '/admin/manufacturers', label: 'Manufacturers', icon: '⚒' },
  { to: '/admin/products', label: 'Products', icon: '▣' },
  { to: '/admin/orders', label: 'Order Management', icon: '▥' },
  { to: '/admin/payments', label: 'Payments', icon: '₹' },
  { to: '/admin/content', label: 'Content & Communication', icon: '✉' },
  { to: '/admin/disputes', label: 'Disputes', icon: '⚠' },
  { to: '/admin/reports', label: 'Reports', icon: '▤' },
  { to: '/admin/jobs', label: 'Background jobs', icon: '↻' },
  { to: '/admin/settings', label: 'Settings', icon: '⚙' },
];

function AdminTopBar() {
  const logout = useLogout('admin');
  return <UserMenu label="Admin Menu" items={[{ label: 'Logout', onSelect: logout }]} />;
}

export default function AdminLayout() {
  return (
    <RequireSession realm="admin">
      <SidebarLayout title="Admin Console" nav={NAV} topBar={<AdminTopBar />} />
    </RequireSession>
  );
}
