import {
  Building2,
  ClipboardList,
  LayoutDashboard,
  ListChecks,
  MapPin,
  MessageSquareQuote,
  Search,
  ShoppingCart,
} from 'lucide-react';
import { useT } from '../../lib/i18n.tsx';
import { RequireSession, useLogout, useSessionUser } from '../auth/session.tsx';
import { NotificationBell } from '../notifications/notification-bell.tsx';
import { type NavItem, SidebarLayout } from '../shell/sidebar-layout.tsx';
import { UserMenu } from '../shell/user-menu.tsx';

/** The buyer area's menu, in the order the issue gives; Find products leaves the area for the public catalogue. */
export const BUYER_NAV: NavItem[] = [
  { to: '/buyer', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/products', label: 'Find products', icon: Search },
  { to: '/buyer/requirements', label: 'Requirements', icon: ClipboardList },
  { to: '/buyer/rfqs', label: 'RFQs', icon: MessageSquareQuote },
  { to: '/buyer/order-list', label: 'Order list', icon: ListChecks },
  { to: '/buyer/orders', label: 'Orders', icon: ShoppingCart },
  { to: '/buyer/addresses', label: 'Addresses', icon: MapPin },
  { to: '/buyer/profile', label: 'Company profile', icon: Building2 },
];

function BuyerTopBar() {
  const user = useSessionUser();
  const logout = useLogout('seller');
  return (
    <>
      <NotificationBell />
      <UserMenu label={user.name} items={[{ label: 'Logout', onSelect: logout }]} />
    </>
  );
}

/** The buyer area at /buyer: the seller shell's frame (collapsible sidebar, bell, user menu) for buyer accounts. */
export default function BuyerLayout() {
  const t = useT();
  return (
    <RequireSession realm="seller" area="buyer">
      <SidebarLayout title={t('shell.titles.buyer')} nav={BUYER_NAV} topBar={<BuyerTopBar />} />
    </RequireSession>
  );
}
