import { type CatalogProductDetail, formatDate, formatInr, productIdOf } from '@ub/shared';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { EmptyState, Spinner } from '../../components/feedback.tsx';
import { ImageCarousel } from '../../components/image-carousel.tsx';
import { ApiError } from '../../lib/api.ts';
import { translateMessage, useT } from '../../lib/i18n.tsx';
import { documentTitle } from '../../app/document-title.tsx';
import { hasSession, useAddToOrderList } from './api/add-to-order-list.ts';
import { useCatalogProduct } from './api/catalog-product.ts';
import { PublicFrame } from './components/public-header.tsx';
import { VerifiedBadge } from './components/verified-badge.tsx';
import { categoryText, quantityText, unitText } from '../../components/trade-words.ts';

const STOCK_TONE = {
  in_stock: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  low: 'bg-amber-50 text-amber-800 ring-amber-200',
  out: 'bg-red-50 text-red-700 ring-red-200',
} as const;

/** /products/:id (a readable slug may follow the id): everything a buyer needs to ask for a quote or order. */
export default function ProductPage() {
  const t = useT();
  const { id: param = '' } = useParams();
  const id = productIdOf(param);
  const { data, error, isPending } = useCatalogProduct(id ?? 'none');
  useEffect(() => {
    if (data) document.title = documentTitle(data.name);
  }, [data]);
  return (
    <PublicFrame>
      {!id || (error instanceof ApiError && (error.status === 404 || error.status === 400)) ? (
        <EmptyState title={t('catalog.product.notFound')}>
          <Link to="/products" className="text-brand-700 underline">
            {t('catalog.product.browseOther')}
          </Link>
        </EmptyState>
      ) : error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
          {translateMessage(error.message)}
        </p>
      ) : isPending ? (
        <Spinner label={t('catalog.product.loading')} />
      ) : (
        <ProductView product={data} />
      )}
    </PublicFrame>
  );
}

function ProductView({ product: p }: { product: CatalogProductDetail }) {
  const t = useT();
  const navigate = useNavigate();
  const add = useAddToOrderList();
  const here = `/products/${p.id}`;
  const toLogin = () => navigate(`/login?next=${encodeURIComponent(here)}`);
  const onAdd = () => {
    if (!hasSession()) return toLogin();
    add.mutate(
      { productId: p.id, quantity: p.moq },
      {
        onSuccess: () => toast.success(t('catalog.product.added')),
        onError: (err) => {
          if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
            toast.error(t('catalog.product.signInToAdd'));
            return toLogin();
          }
          toast.error(translateMessage(err.message));
        },
      },
    );
  };
  const specs: Array<[string, string | null]> = [
    ['category', p.category ? categoryText(t, p.category) : null],
    ['subCategory', p.subCategory],
    ['brand', p.brand],
    ['model', p.modelNumber],
    ['material', p.material],
    ['sizes', p.sizes.length ? p.sizes.join(', ') : null],
    ['colours', p.colors.length ? p.colors.join(', ') : null],
    ['dimensions', p.dimensions],
    ['weight', p.weight],
    ['packaging', p.packaging],
    ['hsn', p.hsnCode],
    ['gstRate', p.gstRate === null ? null : `${Number(p.gstRate)}%`],
  ];
  return (
    <article className="grid gap-6 lg:grid-cols-2">
      <nav aria-label={t('catalog.product.breadcrumb')} className="text-sm text-slate-500 lg:col-span-2">
        <Link to="/products" className="hover:text-brand-700">
          {t('catalog.header.products')}
        </Link>
        {p.category && (
          <>
            {' / '}
            <Link to={`/products?category=${p.category}`} className="hover:text-brand-700">
              {categoryText(t, p.category)}
            </Link>
          </>
        )}
      </nav>
      <div className="rounded-xl border border-slate-200 bg-white p-3">
        <ImageCarousel
          items={p.images.map((m, i) => ({
            url: m.url,
            thumb: m.thumbUrl,
            alt: t('catalog.product.imageAlt', { name: p.name, index: i + 1 }),
          }))}
          emptyText={t('catalog.product.noImages')}
        />
      </div>
      <div className="flex flex-col gap-4">
        <div>
          <h1 translate="no" className="text-2xl font-bold text-slate-900">
            {p.name}
          </h1>
          <p className="mt-2 text-3xl font-bold text-slate-900">
            {formatInr(p.price)}{' '}
            <span className="text-base font-normal text-slate-500">
              {t('catalog.product.pricePer', { unit: unitText(t, p.unit) })}
            </span>
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {t('catalog.product.minimumOrder', { quantity: quantityText(t, p.moq, p.unit) })}
            {p.gstRate !== null && t('catalog.product.gstExtra', { rate: Number(p.gstRate) })}
          </p>
          <span
            className={`mt-2 inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STOCK_TONE[p.stockState]}`}
          >
            {t(`catalog.stock.${p.stockState}`)}
          </span>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link
            to={`/buyer/rfqs/new?product=${p.id}`}
            className="inline-flex items-center justify-center rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t('catalog.product.requestQuote')}
          </Link>
          <button
            type="button"
            onClick={onAdd}
            disabled={add.isPending || p.stockState === 'out'}
            className="inline-flex items-center justify-center rounded-lg border border-brand-700 bg-white px-4 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50"
          >
            {add.isPending ? t('catalog.product.adding') : t('catalog.product.addToOrderList')}
          </button>
        </div>
        <SellerCard seller={p.seller} />
        <section aria-labelledby="specs-title" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="specs-title" className="mb-2 text-sm font-semibold text-slate-900">
            {t('catalog.product.specifications')}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            {specs
              .filter(([, v]) => v)
              .map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-slate-500">{t(`catalog.product.specs.${k}`)}</dt>
                  <dd translate={k === 'category' ? undefined : 'no'} className="text-slate-900">
                    {v}
                  </dd>
                </div>
              ))}
          </dl>
        </section>
      </div>
      <section aria-labelledby="about-title" className="rounded-xl border border-slate-200 bg-white p-4 lg:col-span-2">
        <h2 id="about-title" className="mb-2 text-sm font-semibold text-slate-900">
          {t('catalog.product.about')}
        </h2>
        <p translate="no" className="whitespace-pre-line text-sm text-slate-700">
          {p.description}
        </p>
      </section>
    </article>
  );
}

function SellerCard({ seller: s }: { seller: CatalogProductDetail['seller'] }) {
  const t = useT();
  return (
    <section aria-label={t('catalog.product.seller')} className="rounded-xl border border-slate-200 bg-white p-4">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t('catalog.product.soldBy')}</p>
      <Link to={`/sellers/${s.id}`} className="mt-1 block text-base font-semibold text-brand-700 hover:underline">
        <span translate="no">{s.company}</span>
      </Link>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
        {s.state && <span translate="no">{s.state}</span>}
        {s.verified && <VerifiedBadge />}
        {s.since && <span>{t('catalog.product.memberSince', { date: formatDate(s.since) })}</span>}
      </p>
    </section>
  );
}
