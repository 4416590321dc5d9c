import { type RefObject, useEffect, useState } from 'react';

const REDUCE = '(prefers-reduced-motion: reduce)';

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(REDUCE).matches;
}

/** Follows the visitor's reduced-motion setting, including changes while the page is open. */
export function useReducedMotion(): boolean {
  const [reduce, setReduce] = useState(prefersReducedMotion);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(REDUCE);
    const onChange = () => setReduce(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduce;
}

/** True from the first time the element is at least `threshold` visible; never turns back to false. */
export function useSeenOnce(ref: RefObject<Element | null>, threshold = 0.3): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, seen, threshold]);
  return seen;
}

/**
 * Scrolls a section into view (smoothly unless the visitor asked for less motion) and moves keyboard focus to
 * it, so "Become a Verified Seller" lands screen-reader and keyboard users on the form too.
 */
export function scrollToSection(id: string, focusId?: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  const focusTarget = focusId ? document.getElementById(focusId) : target;
  focusTarget?.focus({ preventScroll: true });
  // Keeps the router's own history state; only the fragment changes.
  history.replaceState(history.state, '', `#${id}`);
}
