import { Link } from 'react-router';
import { useT } from '../lib/i18n.tsx';

export default function NotFoundPage() {
  const t = useT();
  return (
    <main className="grid min-h-screen place-items-center p-6 text-center">
      <div>
        <h1 className="text-2xl font-bold">{t('common.notFound.title')}</h1>
        <p className="mt-2 text-slate-600">{t('common.notFound.text')}</p>
        <Link to="/" className="mt-4 inline-block font-semibold text-brand-700 underline">
          {t('common.notFound.home')}
        </Link>
      </div>
    </main>
  );
}
