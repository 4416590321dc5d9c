import { Link, NavLink } from 'react-router';
import { LanguageSwitch } from '../../../app/language-switch.tsx';
import { BrandMark } from '../../../components/brand-mark.tsx';
import { MAIN_ID, SkipLink } from '../../../components/skip-link.tsx';
import { useT } from '../../../lib/i18n.tsx';

const navLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition hover:bg-slate-100 hover:text-slate-900 ${
    isActive ? 'text-brand-700' : 'text-slate-600'
  }`;

/** The public pages' header: the brand (to the landing page), Products, the landing page and Sign in. */
export function PublicHeader() {
  const t = useT();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:px-6 lg:px-8">
        <a href="/" aria-label={t('catalog.header.home')} className="shrink-0 rounded-lg">
          <span className="flex items-center gap-2">
            <BrandMark />
            {/* On a phone the mark alone (the link names the home page), leaving room for the language switch. */}
            <span className="hidden text-lg font-bold tracking-tight text-slate-900 sm:inline">
              Udyog <span className="text-brand-700">Bazaar</span>
            </span>
          </span>
        </a>
        <nav aria-label={t('catalog.header.nav')} className="flex items-center gap-1">
          <LanguageSwitch compact />
          <NavLink to="/products" className={navLink}>
            {t('catalog.header.products')}
          </NavLink>
          <a
            href="/"
            className="hidden rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 sm:inline-flex"
          >
            {t('catalog.header.sell')}
          </a>
          <Link
            to="/login"
            className="rounded-lg border border-brand-200 px-3 py-2 text-sm font-semibold text-brand-700 transition hover:bg-brand-50"
          >
            {t('catalog.header.signIn')}
          </Link>
        </nav>
      </div>
    </header>
  );
}

/** Header, the page and a one-line footer: the frame of /products, /products/:id and /sellers/:id. */
export function PublicFrame({ children }: { children: React.ReactNode }) {
  const t = useT();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SkipLink />
      <PublicHeader />
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8"
      >
        {children}
      </main>
      <footer className="border-t border-slate-200 bg-white py-4 text-center text-xs text-slate-500">
        {t('catalog.footer.tagline')}{' '}
        <a href="/" className="text-brand-700 underline">
          {t('catalog.footer.becomeSeller')}
        </a>
      </footer>
    </div>
  );
}
