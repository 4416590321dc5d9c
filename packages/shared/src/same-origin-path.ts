/** Any origin will do: only whether a path stays on it matters. */
const BASE = 'https://same-origin.invalid';

/** The path, query and hash `raw` reaches on this site after the URL parser's normalisation; null if it leaves it. */
function normalised(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Read again as a Location header or a link, a path starting with two slashes (or a slash and a backslash) names
  // another host.
  return /^\/[/\\]/.test(path) ? null : path;
}

/**
 * A return address (`return`, `next`, ...) taken from a request, reduced to a path on this site: `raw` when it is a
 * path that stays on this origin once the URL parser has normalised it (tabs and newlines dropped, backslashes read
 * as slashes, `.` and `..` resolved), else `fallback`. `//host`, `/\host`, `/<tab>/host`, `https://host` and
 * encoded slashes (`/%2F%2Fhost`, once or several times encoded) all give `fallback`. What comes back is the
 * normalised form, so what the browser follows is what was checked.
 */
export function sameOriginPath(raw: unknown, fallback: string): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048 || !/^[/\\]/.test(raw.trimStart())) {
    return fallback;
  }
  const path = normalised(raw);
  if (path === null) return fallback;
  // Whoever reads the path next may decode it again (a router, a proxy): every decoding must stay on this site too.
  let decoded = path;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return fallback;
    }
    if (next === decoded) break;
    if (!/^[/\\]/.test(next.trimStart()) || normalised(next) === null) return fallback;
    decoded = next;
  }
  return path;
}
