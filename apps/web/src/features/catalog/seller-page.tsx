import { formatCount, formatDate } from '@ub/shared';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { documentTitle } from '../../app/document-title.tsx';
import { EmptyState, Spinner } from '../../components/feedback.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { ApiError } from '../../lib/api.ts';
import { type TFunction, translateMessage, useT } from '../../lib/i18n.tsx';
import { useCatalogSeller } from './api/catalog-seller.ts';
import { ProductGrid } from './components/product-card.tsx';
import { PublicFrame } from './components/public-header.tsx';
import { VerifiedBadge } from './components/verified-badge.tsx';
import { categoryText } from '../../components/trade-words.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "Usually within 3 hours" / "within 2 days". */
export function responseTime(t: TFunction, hours: number): string {
  if (hours < 1) return t('catalog.seller.withinHour');
  if (hours < 48) return t('catalog.seller.withinHours', { hours: Math.round(hours) });
  return t('catalog.seller.withinDays', { days: formatCount(Math.round(hours / 24)) });
}

/** /sellers/:id: a seller's public profile, RFQ responsiveness and listed products. */
export default function SellerPage() {
  const t = useT();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const valid = UUID.test(id);
  const { data, error, isPending } = useCatalogSeller(valid ? id : 'none', page);
  useEffect(() => {
    if (data) document.title = documentTitle(data.company);
  }, [data]);
  if (!valid || (error instanceof ApiError && (error.status === 404 || error.status === 400))) {
    return (
      <PublicFrame>
        <EmptyState title={t('catalog.seller.notFound')}>
          <Link to="/products" className="text-brand-700 underline">
            {t('catalog.seller.browse')}
          </Link>
        </EmptyState>
      </PublicFrame>
    );
  }
  return (
    <PublicFrame>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
          {translateMessage(error.message)}
        </p>
      ) : isPending ? (
        <Spinner label={t('catalog.seller.loading')} />
      ) : (
        <>
          <section className="mb-6 rounded-xl border border-slate-200 bg-white p-5">
            <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold text-slate-900">
              <span translate="no">{data.company}</span> {data.verified && <VerifiedBadge />}
            </h1>
            <p className="mt-1 text-sm text-slate-600">
              {data.state && <span translate="no">{data.state}</span>}
              {data.state && data.category ? ' · ' : ''}
              {data.category ? categoryText(t, data.category) : null}
              {data.since && t('catalog.seller.since', { date: formatDate(data.since) })}
            </p>
            <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
              <div className="rounded-lg bg-slate-50 p-3">
                <dt className="text-xs text-slate-500">{t('catalog.seller.responseRate')}</dt>
                <dd className="text-lg font-semibold text-slate-900">
                  {data.responseRate === null ? t('catalog.seller.noRfqs') : `${data.responseRate}%`}
                </dd>
              </div>
              <div className="rounded-lg bg-slate-50 p-3">
                <dt className="text-xs text-slate-500">{t('catalog.seller.typicalResponse')}</dt>
                <dd className="text-lg font-semibold text-slate-900">
                  {data.responseHours === null ? '—' : responseTime(t, data.responseHours)}
                </dd>
              </div>
              <div className="rounded-lg bg-slate-50 p-3">
                <dt className="text-xs text-slate-500">{t('catalog.seller.productsListed')}</dt>
                <dd className="text-lg font-semibold text-slate-900">{formatCount(data.total)}</dd>
              </div>
            </dl>
          </section>
          <h2 className="mb-3 text-lg font-bold text-slate-900">{t('catalog.seller.products')}</h2>
          {data.products.length === 0 ? (
            <EmptyState title={t('catalog.seller.noProducts')} />
          ) : (
            <>
              <ProductGrid products={data.products} />
              <Pagination
                page={page}
                pageSize={data.pageSize}
                total={data.total}
                onChange={(n) => setParams(n === 1 ? {} : { page: String(n) })}
              />
            </>
          )}
        </>
      )}
    </PublicFrame>
  );
}
