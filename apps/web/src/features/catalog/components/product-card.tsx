import { type CatalogProduct, formatInr, productPath } from '@ub/shared';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n.tsx';
import { categoryText, quantityText, unitText } from '../../../components/trade-words.ts';
import { VerifiedBadge } from './verified-badge.tsx';

/** One product in a grid: image, name, price per unit, MOQ, and who sells it from where. */
export function ProductCard({ product: p }: { product: CatalogProduct }) {
  const t = useT();
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <Link to={productPath(p)} className="group flex flex-1 flex-col" data-testid="product-card">
        <div className="flex aspect-square items-center justify-center overflow-hidden bg-slate-100">
          {p.thumbnailUrl ? (
            <img
              src={p.thumbnailUrl}
              alt=""
              loading="lazy"
              width={300}
              height={300}
              className="h-full w-full object-cover transition group-hover:scale-105"
            />
          ) : (
            <span className="text-xs text-slate-400">{t('catalog.noImage')}</span>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3">
          <span translate="no" className="line-clamp-2 text-sm font-semibold text-slate-900 group-hover:text-brand-700">
            {p.name}
          </span>
          <span className="text-base font-bold text-slate-900">
            {formatInr(p.price)}{' '}
            <span className="text-xs font-normal text-slate-500">
              {t('catalog.perUnit', { unit: unitText(t, p.unit) })}
            </span>
          </span>
          <span className="text-xs text-slate-600">
            {t('catalog.moq', { quantity: quantityText(t, p.moq, p.unit) })}
          </span>
          {p.category && <span className="text-xs text-slate-500">{categoryText(t, p.category)}</span>}
          <span className="mt-auto flex flex-wrap items-center gap-1 pt-2 text-xs text-slate-600">
            <span translate="no" className="font-medium text-slate-800">
              {p.sellerName}
            </span>
            {p.sellerState && <span translate="no">· {p.sellerState}</span>}
            {p.verified && <VerifiedBadge small />}
          </span>
        </div>
      </Link>
    </li>
  );
}

export function ProductGrid({ products }: { products: CatalogProduct[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {products.map((p) => (
        <ProductCard key={p.id} product={p} />
      ))}
    </ul>
  );
}
