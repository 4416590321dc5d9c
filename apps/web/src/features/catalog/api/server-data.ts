/**
 * The data the server rendered the page with (ADR 0019): a `<script type="application/json" id="ub-data">` holding
 * `{ page, data }`, where `page` is the path and query the HTML was made for. The first query of that page starts
 * from it instead of fetching again; any other page (or a later navigation) ignores it.
 */
let read = false;
let payload: { page: string; data: unknown } | null = null;

export function serverData<T>(page: string): T | undefined {
  if (!read) {
    read = true;
    const el = typeof document === 'undefined' ? null : document.getElementById('ub-data');
    try {
      payload = el?.textContent ? JSON.parse(el.textContent) : null;
    } catch {
      payload = null;
    }
  }
  if (!payload || payload.page !== page) return undefined;
  const data = payload.data as T;
  payload = null; // once: a later visit to the same URL reads fresh data
  return data;
}

/** The current page's path and query, as the server names it in `page`. */
export function currentPage(): string {
  return `${window.location.pathname}${window.location.search}`;
}
