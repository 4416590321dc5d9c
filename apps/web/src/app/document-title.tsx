import { useLayoutEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { useT } from '../lib/i18n.tsx';
import { pageKey, useFocusHeadingOnNavigation } from './route-focus.ts';

export const PRODUCT_NAME = 'Udyog Bazaar';
/** The landing page's title, as index.html serves it. */
const HOME_TITLE = `${PRODUCT_NAME}: become a verified seller on India's B2B marketplace`;

export interface RouteHandle {
  /** A catalogue id (`titles.orders`), or English text for the admin console's screens. */
  title?: string;
}

/** "Orders · Udyog Bazaar": the deepest route that names a title wins; a route without one is the home page. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} · ${PRODUCT_NAME}` : HOME_TITLE;
}

/** The root route's outlet: keeps document.title in step with the route, from each route's `handle.title`. */
export function TitledOutlet() {
  const matches = useMatches();
  const t = useT();
  const handleTitle = matches.map((m) => (m.handle as RouteHandle | undefined)?.title).findLast(Boolean);
  const title = handleTitle?.startsWith('titles.') ? t(handleTitle) : handleTitle;
  // A layout effect: it runs before the page's own effects, so a page naming itself after its record (a product)
  // keeps its title.
  useLayoutEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  useFocusHeadingOnNavigation(pageKey(matches));
  return <Outlet />;
}
