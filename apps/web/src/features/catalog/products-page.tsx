import {
  CATALOG_SORTS,
  type CatalogList,
  type CatalogQueryInput,
  type FacetCount,
  formatCount,
  INDIAN_STATE_NAMES,
  PRICE_BANDS,
  PRODUCT_CATEGORIES,
} from '@ub/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { EmptyState, Spinner } from '../../components/feedback.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { ApiError } from '../../lib/api.ts';
import { type TFunction, translateMessage, useT } from '../../lib/i18n.tsx';
import { useListState } from '../../lib/use-list-state.ts';
import { useCatalogProducts } from './api/catalog-products.ts';
import { ProductGrid } from './components/product-card.tsx';
import { PublicFrame } from './components/public-header.tsx';
import { categoryText } from '../../components/trade-words.ts';

const DEFAULTS = { category: '', minPrice: '', maxPrice: '', maxMoq: '', state: '', verified: '', sort: '' };

const input =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100';

/** /products: search, filters, facet counts, sort and pages, all kept in the URL. */
export default function ProductsPage() {
  const t = useT();
  const list = useListState(DEFAULTS, {
    category: PRODUCT_CATEGORIES,
    sort: CATALOG_SORTS,
    verified: ['true'],
    state: INDIAN_STATE_NAMES,
  });
  const { filters } = list;
  const query: CatalogQueryInput = {
    q: list.term || undefined,
    category: (filters.category || undefined) as CatalogQueryInput['category'],
    minPrice: filters.minPrice || undefined,
    maxPrice: filters.maxPrice || undefined,
    maxMoq: filters.maxMoq || undefined,
    state: filters.state || undefined,
    verified: filters.verified || undefined,
    sort: (filters.sort || undefined) as CatalogQueryInput['sort'],
    page: list.page > 1 ? list.page : undefined,
  };
  const { data, error, isPending, isFetching } = useCatalogProducts(query);
  const fields = error instanceof ApiError ? error.fields : {};
  // Filters fold away on a phone; on a wide screen they stand open beside the results.
  const filtersRef = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (filtersRef.current && window.matchMedia?.('(min-width: 1024px)').matches) filtersRef.current.open = true;
  }, []);
  const active = Object.entries(filters).some(([k, v]) => v && k !== 'sort') || list.term;

  return (
    <PublicFrame>
      <search className="mb-4 block">
        {/* A plain GET form too: in the server's HTML, before (or without) the app, Enter searches. */}
        <form
          action="/products"
          method="get"
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
          }}
        >
          <label htmlFor="catalog-q" className="sr-only">
            {t('catalog.search.label')}
          </label>
          <input
            id="catalog-q"
            name="q"
            type="search"
            value={list.search}
            onChange={(e) => list.setSearch(e.target.value)}
            placeholder={t('catalog.search.placeholder')}
            maxLength={100}
            className={`${input} py-2.5 text-base`}
          />
        </form>
      </search>
      <div className="flex flex-col gap-6 lg:flex-row">
        <aside className="lg:w-64 lg:shrink-0" aria-label={t('catalog.filters.title')}>
          <details ref={filtersRef} className="rounded-xl border border-slate-200 bg-white p-4">
            <summary className="cursor-pointer text-sm font-semibold text-slate-900">
              {t('catalog.filters.title')}
            </summary>
            <Filters list={list} facets={data?.facets} fields={fields} t={t} />
          </details>
        </aside>
        <section className="min-w-0 flex-1" aria-labelledby="results-title">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h1 id="results-title" className="text-lg font-bold text-slate-900">
              {list.term ? t('catalog.search.resultsFor', { term: list.term }) : t('catalog.search.allProducts')}
              {data && (
                <span className="ml-2 text-sm font-normal text-slate-500" data-testid="result-count">
                  {t('catalog.search.count', {
                    count: formatCount(data.total),
                    more: data.exact ? '' : '+',
                    total: data.total,
                  })}
                </span>
              )}
            </h1>
            <label className="flex items-center gap-2 text-sm text-slate-600">
              {t('catalog.search.sort')}
              <select
                value={filters.sort || (list.term ? 'relevance' : 'newest')}
                onChange={(e) => list.setFilter('sort', e.target.value)}
                className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
              >
                {CATALOG_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {t(`catalog.sorts.${s}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {error && !fields.q && (
            <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-sm text-red-700">
              {translateMessage(error.message)}
            </p>
          )}
          {isPending && !error ? (
            <Spinner label={t('catalog.search.loading')} />
          ) : data && data.products.length > 0 ? (
            <div className={isFetching ? 'opacity-60 transition' : ''}>
              <ProductGrid products={data.products} />
              <Pagination page={list.page} pageSize={data.pageSize} total={data.total} onChange={list.setPage} />
            </div>
          ) : data ? (
            <EmptyState title={t('catalog.search.emptyTitle')}>
              {active ? t('catalog.search.emptyFiltered') : t('catalog.search.emptyAll')}
            </EmptyState>
          ) : null}
        </section>
      </div>
    </PublicFrame>
  );
}

type ListState = ReturnType<typeof useListState<typeof DEFAULTS>>;

function FacetButton({
  label,
  count,
  selected,
  onClick,
  data = false,
}: {
  label: string;
  count?: number;
  selected: boolean;
  onClick: () => void;
  /** The label is a value shown as written (a state's name), not a catalogue message. */
  data?: boolean;
}) {
  return (
    <li>
      <button
        type="button"
        aria-pressed={selected}
        onClick={onClick}
        className={`flex w-full items-center justify-between rounded-md px-2 py-1.5 text-left text-sm ${
          selected ? 'bg-brand-50 font-semibold text-brand-700' : 'text-slate-700 hover:bg-slate-100'
        }`}
      >
        <span translate={data ? 'no' : undefined}>{label}</span>
        {count !== undefined && <span className="text-xs text-slate-500">{formatCount(count)}</span>}
      </button>
    </li>
  );
}

const countOf = (facets: FacetCount[] | undefined, value: string) => facets?.find((f) => f.value === value)?.count;

function Filters({
  list,
  facets,
  fields,
  t,
}: {
  list: ListState;
  facets: CatalogList['facets'] | undefined;
  fields: Record<string, string>;
  t: TFunction;
}) {
  const { filters, setFilter } = list;
  // Prices and MOQ are typed, then applied together: a keystroke is not a search.
  const [minPrice, setMinPrice] = useState(filters.minPrice);
  const [maxPrice, setMaxPrice] = useState(filters.maxPrice);
  const [maxMoq, setMaxMoq] = useState(filters.maxMoq);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    list.setFilters({ minPrice: minPrice.trim(), maxPrice: maxPrice.trim(), maxMoq: maxMoq.trim() });
  };
  const heading = 'mb-1 mt-4 text-xs font-semibold uppercase tracking-wide text-slate-500 first:mt-2';
  const states = facets?.state ?? [];
  return (
    <div className="text-sm">
      <h2 className={heading}>{t('catalog.filters.category')}</h2>
      <ul>
        <FacetButton
          label={t('catalog.filters.allCategories')}
          selected={!filters.category}
          onClick={() => setFilter('category', '')}
        />
        {PRODUCT_CATEGORIES.map((c) => (
          <FacetButton
            key={c}
            label={categoryText(t, c)}
            count={countOf(facets?.category, c) ?? 0}
            selected={filters.category === c}
            onClick={() => setFilter('category', filters.category === c ? '' : c)}
          />
        ))}
      </ul>

      <h2 className={heading}>{t('catalog.filters.price')}</h2>
      <ul className="mb-2">
        {PRICE_BANDS.map((b) => {
          const selected = filters.minPrice === (b.min ?? '') && filters.maxPrice === (b.max ?? '');
          return (
            <FacetButton
              key={b.value}
              label={t(`catalog.priceBands.${b.value}`)}
              count={countOf(facets?.price, b.value) ?? 0}
              selected={selected}
              onClick={() => {
                setMinPrice(selected ? '' : (b.min ?? ''));
                setMaxPrice(selected ? '' : (b.max ?? ''));
                list.setFilters({ minPrice: selected ? '' : (b.min ?? ''), maxPrice: selected ? '' : (b.max ?? '') });
              }}
            />
          );
        })}
      </ul>
      <form onSubmit={apply} className="grid gap-2" noValidate>
        <div className="flex items-start gap-2">
          <label className="flex-1">
            <span className="sr-only">{t('catalog.filters.minPrice')}</span>
            <input
              className={input}
              inputMode="decimal"
              placeholder={t('catalog.filters.minPlaceholder')}
              value={minPrice}
              onChange={(e) => setMinPrice(e.target.value)}
              aria-invalid={fields.minPrice ? true : undefined}
            />
          </label>
          <label className="flex-1">
            <span className="sr-only">{t('catalog.filters.maxPrice')}</span>
            <input
              className={input}
              inputMode="decimal"
              placeholder={t('catalog.filters.maxPlaceholder')}
              value={maxPrice}
              onChange={(e) => setMaxPrice(e.target.value)}
              aria-invalid={fields.maxPrice ? true : undefined}
            />
          </label>
        </div>
        {(fields.minPrice || fields.maxPrice) && (
          <p className="text-xs text-red-600" role="alert">
            {translateMessage(fields.minPrice ?? fields.maxPrice ?? '')}
          </p>
        )}
        <label className="mt-2 block">
          <span className="mb-1 block text-xs font-semibold uppercase tracking-wide text-slate-500">
            {t('catalog.filters.moq')}
          </span>
          <input
            className={input}
            inputMode="numeric"
            placeholder={t('catalog.filters.moqPlaceholder')}
            value={maxMoq}
            onChange={(e) => setMaxMoq(e.target.value)}
            aria-invalid={fields.maxMoq ? true : undefined}
          />
        </label>
        {fields.maxMoq && (
          <p className="text-xs text-red-600" role="alert">
            {translateMessage(fields.maxMoq)}
          </p>
        )}
        <button
          type="submit"
          className="rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t('catalog.filters.apply')}
        </button>
      </form>

      <h2 className={heading}>{t('catalog.filters.state')}</h2>
      <select
        aria-label={t('catalog.filters.state')}
        value={filters.state}
        onChange={(e) => setFilter('state', e.target.value)}
        className={input}
      >
        <option value="">{t('catalog.filters.allStates')}</option>
        {INDIAN_STATE_NAMES.map((s) => {
          const n = countOf(states, s);
          return (
            <option key={s} value={s}>
              {n !== undefined ? `${s} (${formatCount(n)})` : s}
            </option>
          );
        })}
      </select>
      {states.length > 0 && (
        <ul className="mt-1">
          {states.slice(0, 5).map((s) => (
            <FacetButton
              key={s.value}
              label={s.value}
              data
              count={s.count}
              selected={filters.state === s.value}
              onClick={() => setFilter('state', filters.state === s.value ? '' : s.value)}
            />
          ))}
        </ul>
      )}

      <label className="mt-4 flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={filters.verified === 'true'}
          onChange={(e) => setFilter('verified', e.target.checked ? 'true' : '')}
          className="h-4 w-4 rounded border-slate-300"
        />
        {t('catalog.filters.verifiedOnly')}
      </label>
    </div>
  );
}
