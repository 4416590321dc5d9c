import {
  ChartColumn,
  ClipboardList,
  Factory,
  IndianRupee,
  LayoutDashboard,
  Megaphone,
  MessageSquareQuote,
  Package,
  RefreshCw,
  Settings,
  ShieldAlert,
  ShoppingCart,
  Users,
  Landmark,
} from 'lucide-react';
import { RequireSession, useLogout } from '../auth/session.tsx';
import { NotificationBell } from '../notifications/notification-bell.tsx';
import { type NavItem, SidebarLayout } from './sidebar-layout.tsx';
import { UserMenu } from './user-menu.tsx';

const NAV: NavItem[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/manufacturers', label: 'Manufacturers', icon: Factory },
  { to: '/admin/buyers', label: 'Buyers', icon: Users },
  { to: '/admin/products', label: 'Products', icon: Package },
  { to: '/admin/orders', label: 'Order Management', icon: ShoppingCart },
  { to: '/admin/rfqs', label: 'RFQs', icon: MessageSquareQuote },
  { to: '/admin/payments', label: 'Payments', icon: IndianRupee },
  { to: '/admin/finance', label: 'Finance', icon: Landmark },
  { to: '/admin/content', label: 'Content & Communication', icon: Megaphone },
  { to: '/admin/disputes', label: 'Disputes', icon: ShieldAlert },
  { to: '/admin/requirements', label: 'Requirements', icon: ClipboardList },
  { to: '/admin/reports', label: 'Reports', icon: ChartColumn },
  { to: '/admin/jobs', label: 'Background jobs', icon: RefreshCw },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
];

function AdminTopBar() {
  const logout = useLogout('admin');
  return (
    <>
      <NotificationBell />
      <UserMenu label="Admin Menu" items={[{ label: 'Logout', onSelect: logout }]} />
    </>
  );
}

export default function AdminLayout() {
  return (
    <RequireSession realm="admin">
      <SidebarLayout title="Admin Console" nav={NAV} topBar={<AdminTopBar />} />
    </RequireSession>
  );
}
