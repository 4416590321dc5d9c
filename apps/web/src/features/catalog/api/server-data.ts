/**
 * The data a page was rendered with on the server (ADR 0019): `{ page, data }`, where `page` is the path and query
 * the HTML was made for. In the browser it is read once from `<script type="application/json" id="ub-data">`, and
 * the first query of that page starts from it instead of fetching again; any other page (or a later visit) fetches.
 * On the server, entry-server.tsx provides it for the one synchronous render.
 */
export interface ServerPayload {
  page: string;
  data: unknown;
}

const inBrowser = typeof window !== 'undefined';
let read = !inBrowser;
let payload: ServerPayload | null = null;

/** entry-server.tsx: the data of the page being rendered (null afterwards). */
export function provideServerData(p: ServerPayload | null): void {
  payload = p;
}

export function serverData<T>(): T | undefined {
  if (!read) {
    read = true;
    try {
      const text = document.getElementById('ub-data')?.textContent;
      payload = text ? (JSON.parse(text) as ServerPayload) : null;
    } catch {
      payload = null;
    }
  }
  if (!payload) return undefined;
  if (!inBrowser) return payload.data as T;
  if (payload.page !== `${window.location.pathname}${window.location.search}`) return undefined;
  const data = payload.data as T;
  payload = null;
  return data;
}
