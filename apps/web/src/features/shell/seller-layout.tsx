import { useQueryClient } from '@tanstack/react-query';
import {
  CircleHelp,
  IndianRupee,
  LayoutDashboard,
  MessageSquareQuote,
  Package,
  Settings,
  ShoppingCart,
} from 'lucide-react';
import { useEffect } from 'react';
import { FORBIDDEN_EVENT } from '../../lib/api.ts';
import { RequireSession, sessionQueryKey, useLogout, useSessionUser } from '../auth/session.tsx';
import { AccountStatusBanner } from './account-status-banner.tsx';
import { type NavItem, SidebarLayout } from './sidebar-layout.tsx';
import { UserMenu } from './user-menu.tsx';
import { sellerTopBarItems } from './top-bar-slots.tsx';

const NAV: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: 'products', label: 'Products', icon: Package },
  { to: 'orders', label: 'Order Management', icon: ShoppingCart },
  { to: 'payments', label: 'Payments', icon: IndianRupee },
  { to: 'rfqs', label: 'RFQs', icon: MessageSquareQuote },
  { to: 'help', label: 'Help & Docs', icon: CircleHelp },
  { to: 'settings', label: 'Settings', icon: Settings },
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

/**
 * The account status banner. A 403 may mean the status changed since sign-in (an admin suspended the account):
 * the session is read again, so the banner shows what the account can do now.
 */
function SellerStatus() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey('seller') });
    window.addEventListener(FORBIDDEN_EVENT, refresh);
    return () => window.removeEventListener(FORBIDDEN_EVENT, refresh);
  }, [queryClient]);
  return <AccountStatusBanner status={user.manufacturerStatus} />;
}

export default function SellerLayout() {
  return (
    <RequireSession realm="seller" area="seller">
      <SidebarLayout title="Manufacturers App" nav={NAV} topBar={<SellerTopBar />} banner={<SellerStatus />} />
    </RequireSession>
  );
}
