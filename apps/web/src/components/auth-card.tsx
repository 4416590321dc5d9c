import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from './brand-mark.tsx';
import { LanguageSwitch } from '../app/language-switch.tsx';
import { useT } from '../lib/i18n.tsx';

/** The centred card frame of the sign-in, registration and reset pages. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const t = useT();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-br from-brand-50 via-white to-orange-50 px-4 py-10">
      <Link to="/" className="mb-6 flex items-center gap-2 text-lg font-bold text-brand-800">
        <BrandMark className="h-8 w-8" />
        {t('common.brand')}
      </Link>
      <LanguageSwitch className="mb-4 inline-flex" />
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-xl sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-6 text-sm text-slate-600">{footer}</div>}
    </main>
  );
}
