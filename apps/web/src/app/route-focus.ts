import { useEffect, useRef } from 'react';
import type { UIMatch } from 'react-router';

/** How long a new page may take to show its heading (a lazy chunk, then its data) before focus stays where it is. */
const WAIT_MS = 5000;

/**
 * The page a location shows: the deepest route that names a title, at its path. A record opened over its list
 * (`/dashboard/orders/<id>`, a route without a title of its own) and a list's tab or page (the query) are the same
 * page, so focus stays with the dialog or the list; another screen, or another record's own page, is a new one.
 */
export function pageKey(matches: UIMatch[]): string {
  const page = matches.findLast((m) => (m.handle as { title?: string } | undefined)?.title !== undefined);
  return page ? `${page.id} ${page.pathname}` : (matches.at(-1)?.pathname ?? '');
}

function focusHeading(heading: HTMLElement, before: Element | null) {
  const now = document.activeElement;
  // A dialog the new page opened (a record) keeps the focus it took, and so does a field the person went to while
  // the page loaded: focus moves only from where the navigation left it (the link, or nowhere).
  if (now?.closest('dialog[open]')) return;
  if (now && now !== before && now !== document.body) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.classList.add('outline-none');
  heading.focus();
}

/**
 * After a navigation to another page, focus moves to its heading (the <h1> in <main>), as a screen reader user
 * hears a new page announced; the first load leaves focus at the top, where the skip link is.
 */
export function useFocusHeadingOnNavigation(key: string) {
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is what the effect runs for, a new page each time
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const before = document.activeElement;
    const find = () => document.querySelector<HTMLElement>('main h1');
    const now = find();
    if (now) {
      focusHeading(now, before);
      return;
    }
    // The page is still loading (its code, its data): wait for its heading.
    const observer = new MutationObserver(() => {
      const heading = find();
      if (!heading) return;
      stop();
      focusHeading(heading, before);
    });
    const timer = setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [key]);
}
