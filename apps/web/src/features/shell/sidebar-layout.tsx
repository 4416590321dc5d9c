import { SIDEBAR } from '@ub/shared/constants';
import { type LucideIcon, Menu, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { BrandMark } from '../../components/brand-mark.tsx';
import { MAIN_ID, SkipLink } from '../../components/skip-link.tsx';
import { translateMessage, useT } from '../../lib/i18n.tsx';
import { useMediaQuery } from '../../lib/use-media-query.ts';

/** From Tailwind's `lg` the sidebar is always shown; below it, it is a drawer. */
const DESKTOP = '(min-width: 1024px)';

export interface NavItem {
  to: string;
  label: string;
  /** A distinct picture per item: collapsed, the sidebar shows only these. */
  icon: LucideIcon;
  end?: boolean;
}

/**
 * The collapsible sidebar frame shared by the seller app and the admin console: 16% wide, 4% collapsed on large
 * screens (spec section 9); on phones it becomes a drawer opened from the top bar.
 */
export function SidebarLayout({
  title: titleText,
  nav,
  topBar,
  banner,
}: {
  title: string;
  nav: NavItem[];
  topBar: ReactNode;
  /** Shown above every page (the seller's account status). */
  banner?: ReactNode;
}) {
  const t = useT();
  // Nav labels and titles are the shells' English words, said through the `shell` catalogue (ADR 0028);
  // an item another screen adds shows its English label until the catalogue has it.
  const title = translateMessage(titleText);
  const [collapsed, setCollapsed] = useState(false);
  const [drawer, setDrawer] = useState(false);
  const width = collapsed ? `${SIDEBAR.collapsedPercent}%` : `${SIDEBAR.widthPercent}%`;
  const desktop = useMediaQuery(DESKTOP);
  // A closed drawer is off screen: inert, it keeps no Tab stops and nothing in it is read out.
  const hidden = !desktop && !drawer;
  const opener = useRef<HTMLButtonElement>(null);
  const closer = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const aside = useRef<HTMLElement>(null);
  useEffect(() => {
    if (drawer) closer.current?.focus();
    // Closed, the drawer is inert: focus left inside it (or dropped to the page) goes back to the menu button.
    else if (
      wasOpen.current &&
      (document.activeElement === document.body || aside.current?.contains(document.activeElement))
    )
      opener.current?.focus();
    wasOpen.current = drawer;
  }, [drawer]);
  return (
    <div className="flex min-h-screen">
      <SkipLink />
      <aside
        ref={aside}
        inert={hidden}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && drawer) setDrawer(false);
        }}
        style={{ ['--sidebar-w' as string]: width }}
        className={`fixed inset-y-0 left-0 z-40 w-64 shrink-0 bg-slate-900 text-slate-100 transition-[width,transform] motion-reduce:transition-none lg:sticky lg:top-0 lg:h-screen lg:w-[var(--sidebar-w)] lg:min-w-16 ${drawer ? 'translate-x-0' : '-translate-x-full lg:translate-x-0'}`}
        aria-label={title}
      >
        <div
          className={`flex h-16 items-center gap-2 border-b border-slate-800 ${collapsed ? 'justify-center px-2' : 'justify-between px-4'}`}
        >
          <span className={`flex min-w-0 items-center gap-2 ${collapsed ? 'lg:hidden' : ''}`}>
            <BrandMark className="h-7 w-7" />
            <span className="text-sm leading-tight font-bold xl:text-base">{title}</span>
          </span>
          <button
            type="button"
            onClick={() => setCollapsed((v) => !v)}
            className="hidden rounded-md p-1.5 text-slate-300 hover:bg-slate-800 hover:text-white lg:block"
            aria-label={collapsed ? t('shell.expandSidebar') : t('shell.collapseSidebar')}
            aria-expanded={!collapsed}
          >
            {collapsed ? (
              <PanelLeftOpen aria-hidden="true" className="h-5 w-5" />
            ) : (
              <PanelLeftClose aria-hidden="true" className="h-5 w-5" />
            )}
          </button>
          <button
            ref={closer}
            type="button"
            onClick={() => setDrawer(false)}
            className="rounded-md p-1.5 text-slate-300 hover:bg-slate-800 hover:text-white lg:hidden"
            aria-label={t('landing.header.closeMenu')}
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
        <nav className="space-y-1 p-2">
          {nav.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.end}
              onClick={() => setDrawer(false)}
              title={collapsed ? translateMessage(item.label) : undefined}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${collapsed ? 'lg:justify-center lg:px-0' : ''} ${isActive ? 'bg-brand-700 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white'}`
              }
            >
              <item.icon aria-hidden="true" className="h-5 w-5 shrink-0" />
              <span className={collapsed ? 'lg:sr-only' : ''}>{translateMessage(item.label)}</span>
            </NavLink>
          ))}
        </nav>
      </aside>
      {drawer && (
        <div
          className="fixed inset-0 z-30 bg-slate-900/40 lg:hidden"
          onClick={() => setDrawer(false)}
          aria-hidden="true"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-16 items-center justify-between gap-2 border-b border-slate-200 bg-white px-4">
          <button
            ref={opener}
            type="button"
            aria-expanded={drawer}
            onClick={() => setDrawer(true)}
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
            aria-label={t('landing.header.openMenu')}
          >
            <Menu aria-hidden="true" className="h-6 w-6" />
          </button>
          <div className="ml-auto flex items-center gap-2">{topBar}</div>
        </header>
        <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none sm:p-6">
          {banner}
          <Outlet />
        </main>
      </div>
    </div>
  );
}
