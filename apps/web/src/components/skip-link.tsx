import type { MouseEvent } from 'react';
import { useT } from '../lib/i18n.tsx';

/** The id of every layout's main content: the skip link's target. */
export const MAIN_ID = 'main';

/**
 * "Skip to content": the first Tab stop of a layout, shown when focused. It moves focus to the layout's <main>
 * (id `main`, tabIndex -1) without putting `#main` in the app's URL.
 */
export function SkipLink() {
  const t = useT();
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    e.preventDefault();
    main.focus();
    main.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={skip}
      className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t('common.skipToContent')}
    </a>
  );
}
