import { useContext, useEffect, useRef, useState } from 'react';
import {
  type NavigateOptions,
  UNSAFE_DataRouterStateContext,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';

type Filters = Record<string, string>;

const SEARCH_DELAY_MS = 300;

/**
 * The state of a list (its filters, such as tab, status or sort, the search and the page) kept in the query
 * string, so a reload, Back or a shared link shows the same view. Defaults are left out of the URL; a value
 * outside `allowed` reads as the default. Changing a filter or the search goes back to page 1. The search box
 * updates at once and reaches the URL (`q`) once typing pauses, replacing the entry so Back skips keystrokes;
 * filter and page changes push a history entry.
 */
export function useListState<F extends Filters>(defaults: F, allowed: { [K in keyof F]?: readonly string[] } = {}) {
  const [params, setParams] = useSearchParams();
  const filters = {} as F;
  for (const key of Object.keys(defaults) as Array<keyof F & string>) {
    const value = params.get(key);
    const ok = value !== null && (allowed[key]?.includes(value) ?? true);
    filters[key] = (ok ? value : defaults[key]) as F[typeof key];
  }
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const term = params.get('q') ?? '';

  const update = (changes: Record<string, string | null>, options?: NavigateOptions) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '' || value === defaults[key]) next.delete(key);
        else next.set(key, value);
      }
      return next;
    }, options);
  // The settled search goes through the latest `update`: the one of the keystroke's render holds the query string
  // of that moment and would undo a filter, page or record opened while typing paused.
  const latestUpdate = useRef(update);
  latestUpdate.current = update;
  // A navigation away from this list under way (a record's page still loading its code): a search settling now
  // would navigate back to the list and cancel it, pulling the person out of the record they clicked. Read from
  // the data router's state context rather than useNavigation, which throws outside a data router (the public
  // pages' server rendering, component tests); there the context is null and nothing is ever under way.
  const navigation = useContext(UNSAFE_DataRouterStateContext)?.navigation;
  const { pathname } = useLocation();
  const leaving = useRef(false);
  leaving.current =
    navigation !== undefined && navigation.state !== 'idle' && navigation.location?.pathname !== pathname;

  const [search, setSearch] = useState(term);
  // Back, Forward or a link changed `q`: show it in the box (unless it is what the box already says).
  const [seen, setSeen] = useState(term);
  if (term !== seen) {
    setSeen(term);
    if (search.trim() !== term) setSearch(term);
  }
  const typed = search.trim();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new typed value schedules a URL update
  useEffect(() => {
    if (typed === term) return;
    const id = setTimeout(() => {
      if (!leaving.current) latestUpdate.current({ q: typed, page: null }, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [typed]);

  return {
    filters,
    page,
    /** The search as the list uses it: trimmed, settled, from the URL. */
    term,
    /** The search box's live text. */
    search,
    setSearch,
    setFilter: <K extends keyof F & string>(key: K, value: F[K]) => update({ [key]: value, page: null }),
    /** Several filters at once (a price range), as one history entry. */
    setFilters: (changes: Partial<F>) => update({ ...(changes as Record<string, string>), page: null }),
    setPage: (n: number) => update({ page: n === 1 ? null : String(n) }),
  };
}

/**
 * A record of a list that has its own URL (`<list>/:id`, a child route of the list): opening it pushes that URL
 * keeping the list's query string; closing goes Back when the list was the previous entry, else to the list.
 */
export function useRecordRoute() {
  const { id } = useParams<{ id: string }>();
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const base = id ? pathname.slice(0, pathname.lastIndexOf('/')) : pathname.replace(/\/$/, '');
  return {
    openId: id ?? null,
    open: (recordId: string) => navigate({ pathname: `${base}/${recordId}`, search }, { state: { fromList: true } }),
    close: () => {
      if ((state as { fromList?: boolean } | null)?.fromList) navigate(-1);
      else navigate({ pathname: base, search }, { replace: true });
    },
  };
}
