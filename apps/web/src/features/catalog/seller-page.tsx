import { CATALOG_MESSAGES, CATEGORY_LABELS, formatCount, formatDate } from '@ub/shared';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { documentTitle } from '../../app/document-title.tsx';
import { EmptyState, Spinner } from '../../components/feedback.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { ApiError } from '../../lib/api.ts';
import { useCatalogSeller } from './api/catalog-seller.ts';
import { ProductGrid } from './components/product-card.tsx';
import { PublicFrame } from './components/public-header.tsx';
import { VerifiedBadge } from './components/verified-badge.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "Usually within 3 hours" / "within 2 days". */
export function responseTime(hours: number): string {
  if (hours < 1) return 'within an hour';
  if (hours < 48) return `within ${Math.round(hours)} ${Math.round(hours) === 1 ? 'hour' : 'hours'}`;
  return `within ${Math.round(hours / 24)} days`;
}

/** /sellers/:id: a seller's public profile, RFQ responsiveness and listed products. */
export default function SellerPage() {
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
        <EmptyState title={CATALOG_MESSAGES.sellerNotFound}>
          <Link to="/products" className="text-brand-700 underline">
            Browse products
          </Link>
        </EmptyState>
      </PublicFrame>
    );
  }
  return (
    <PublicFrame>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
          {error.message}
        </p>
      ) : isPending ? (
        <Spinner label="Loading seller" />
      ) : (
        <>
          <section className="mb-6 rounded-xl border border-slate-200 bg-white p-5">
            <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold text-slate-900">
              {data.company} {data.verified && <VerifiedBadge />}
            </h1>
            <p className="mt-1 text-sm text-slate-600">
              {[data.state, CATEGORY_LABELS[data.category] ?? data.category].filter(Boolean).join(' · ')}
              {data.since && <> · On Udyog Bazaar since {formatDate(data.since)}</>}
            </p>
            <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
              <div className="rounded-lg bg-slate-50 p-3">
                <dt className="text-xs text-slate-500">Response rate to RFQs</dt>
                <dd className="text-lg font-semibold text-slate-900">
                  {data.responseRate === null ? 'No RFQs yet' : `${data.responseRate}%`}
                </dd>
              </div>
              <div className="rounded-lg bg-slate-50 p-3">
                <dt className="text-xs text-slate-500">Typical response</dt>
                <dd className="text-lg font-semibold text-slate-900">
                  {data.responseHours === null ? '—' : responseTime(data.responseHours)}
                </dd>
              </div>
              <div className="rounded-lg bg-slate-50 p-3">
                <dt className="text-xs text-slate-500">Products listed</dt>
                <dd className="text-lg font-semibold text-slate-900">{formatCount(data.total)}</dd>
              </div>
            </dl>
          </section>
          <h2 className="mb-3 text-lg font-bold text-slate-900">Products</h2>
          {data.products.length === 0 ? (
            <EmptyState title="No products listed yet" />
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
