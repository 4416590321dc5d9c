import { useEffect, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../app/language-switch.tsx';
import { BrandMark } from '../../components/brand-mark.tsx';
import { Icon } from './icons.tsx';
import { scrollToSection } from './motion.ts';
import { useT } from '../../lib/i18n.tsx';

/** The sections the header links to; each label is `landing.nav.<key>`. */
export const NAV = [
  { id: 'how-it-works', key: 'howItWorks' },
  { id: 'benefits', key: 'benefits' },
  { id: 'onboarding', key: 'onboarding' },
  { id: 'contact', key: 'contact' },
] as const;

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <BrandMark />
      <span className={`text-lg font-bold tracking-tight ${inverted ? 'text-white' : 'text-slate-900'}`}>
        Udyog <span className={inverted ? 'text-accent-500' : 'text-brand-700'}>Bazaar</span>
      </span>
    </span>
  );
}

/** An in-page link that scrolls (honouring reduced motion) yet still works as a plain #anchor. */
export function SectionLink({
  to,
  focusId,
  className,
  onNavigate,
  children,
}: {
  to: string;
  /** The element that receives keyboard focus after scrolling (default: the section itself). */
  focusId?: string;
  className?: string;
  onNavigate?: () => void;
  children: React.ReactNode;
}) {
  return (
    <a
      href={`#${to}`}
      className={className}
      onClick={(e) => {
        e.preventDefault();
        // The mobile menu closes first: measured with it still open, the scroll would fall short by its height
        // once the sticky header shrinks.
        if (onNavigate) flushSync(onNavigate);
        scrollToSection(to, focusId);
      }}
    >
      {children}
    </a>
  );
}

export function BecomeSellerButton({ className = '', onNavigate }: { className?: string; onNavigate?: () => void }) {
  const t = useT();
  return (
    <SectionLink
      to="register"
      focusId="register-title"
      onNavigate={onNavigate}
      className={`items-center justify-center gap-2 rounded-lg bg-accent-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-accent-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700 ${className}`}
    >
      {t('landing.becomeSeller')}
    </SectionLink>
  );
}

export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const t = useT();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a href="/" aria-label={t('landing.header.home')} className="rounded-lg">
          <Logo />
        </a>
        <nav aria-label={t('landing.header.mainNav')} className="hidden items-center gap-1 xl:flex">
          {NAV.map((item) => (
            <SectionLink
              key={item.id}
              to={item.id}
              className="whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition hover:bg-slate-100 hover:text-slate-900"
            >
              {t(`landing.nav.${item.key}`)}
            </SectionLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitch compact className="hidden sm:inline-flex" />
          <Link
            to="/products"
            className="inline-flex whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 transition hover:bg-slate-100"
          >
            {t('landing.header.browseProducts')}
          </Link>
          <Link
            to="/login"
            className="hidden whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 transition hover:bg-brand-50 sm:inline-flex"
          >
            {t('landing.header.sellerLogin')}
          </Link>
          <BecomeSellerButton className="hidden whitespace-nowrap sm:inline-flex" />
          <button
            type="button"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? t('landing.header.closeMenu') : t('landing.header.openMenu')}
            onClick={() => setOpen((o) => !o)}
            className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 xl:hidden"
          >
            <Icon name={open ? 'close' : 'menu'} />
          </button>
        </div>
      </div>
      <div id={menuId} hidden={!open} className="border-t border-slate-200 bg-white xl:hidden">
        <nav
          aria-label={t('landing.header.mobileNav')}
          className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:px-6"
        >
          {NAV.map((item) => (
            <SectionLink
              key={item.id}
              to={item.id}
              onNavigate={close}
              className="rounded-lg px-3 py-2.5 text-base font-medium text-slate-700 hover:bg-slate-100"
            >
              {t(`landing.nav.${item.key}`)}
            </SectionLink>
          ))}
          <div className="mt-2 grid gap-2 border-t border-slate-200 pt-3">
            <LanguageSwitch className="flex justify-between px-3 sm:hidden" />
            <Link
              to="/login"
              onClick={close}
              className="rounded-lg border border-brand-200 px-3 py-2.5 text-center text-base font-semibold text-brand-700 hover:bg-brand-50"
            >
              {t('landing.header.sellerLogin')}
            </Link>
            <BecomeSellerButton onNavigate={close} className="flex py-3 text-base" />
          </div>
        </nav>
      </div>
    </header>
  );
}
