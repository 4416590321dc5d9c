import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import ProductPage from './features/catalog/product-page.tsx';
import ProductsPage from './features/catalog/products-page.tsx';
import SellerPage from './features/catalog/seller-page.tsx';
import { provideServerData } from './features/catalog/api/server-data.ts';
import LandingPage from './features/landing/landing-page.tsx';
import { Route, Routes } from 'react-router';
import { type CompiledCatalogue, intlLocale, type Language } from '@ub/shared/i18n';
import { Messages } from './lib/icu.ts';
import { LanguageProvider } from './lib/i18n.tsx';

/** One catalogue per language, made on first use (the server hands the compiled catalogue in). */
const catalogues = new Map<Language, Messages>();
function messagesFor(lang: Language, messages: CompiledCatalogue): Messages {
  let m = catalogues.get(lang);
  if (!m) {
    m = new Messages(lang, intlLocale(lang), messages);
    catalogues.set(lang, m);
  }
  return m;
}

/**
 * The public pages rendered to HTML on the server (ADR 0019): the server fetches the page's data through the same
 * module functions as the API and renders the same components the browser runs, which then take over
 * (main.tsx hydrates). Built by `vite build --ssr` into apps/server/dist/ssr.
 */
export type PublicPage = 'landing' | 'products' | 'product' | 'seller';

const PAGES: Record<PublicPage, { path: string; Component: ComponentType }> = {
  landing: { path: '/', Component: LandingPage },
  products: { path: '/products', Component: ProductsPage },
  product: { path: '/products/:id', Component: ProductPage },
  seller: { path: '/sellers/:id', Component: SellerPage },
};

/** `url` is the path and query; `data` what the page's first query would fetch. */
export function render(
  page: PublicPage,
  url: string,
  data: unknown,
  lang: Language = 'en',
  messages: CompiledCatalogue = {},
): string {
  const { path, Component } = PAGES[page];
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  provideServerData(data === undefined ? null : { page: url, data });
  try {
    return renderToString(
      <LanguageProvider messages={messagesFor(lang, messages)}>
        <QueryClientProvider client={client}>
          <StaticRouter location={url}>
            <Routes>
              <Route path={path} element={<Component />} />
            </Routes>
          </StaticRouter>
        </QueryClientProvider>
      </LanguageProvider>,
    );
  } finally {
    provideServerData(null);
    client.clear();
  }
}
