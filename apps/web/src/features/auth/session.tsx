import type { SessionUser } from '@ub/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, createContext, useContext, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../components/feedback.tsx';
import { api } from '../../lib/api.ts';
import { clearSession, getToken, type Realm } from '../../lib/auth-storage.ts';
import { isLanguage, type Language } from '@ub/shared/i18n';
import { sameOriginPath } from '@ub/shared/same-origin-path';
import { currentLanguage, i18n, onLanguageChosen, setLanguage, takeChosenLanguage } from '../../lib/i18n.tsx';

const SessionContext = createContext<SessionUser | null>(null);

/** The signed-in user inside a guarded area. */
export function useSessionUser(): SessionUser {
  const user = useContext(SessionContext);
  if (!user) throw new Error('useSessionUser outside a guard');
  return user;
}

export function sessionQueryKey(realm: Realm) {
  return ['session', realm] as const;
}

/**
 * Guards /dashboard and /admin: no stored token goes to the login page at once; a stored token is checked with
 * the server, so a revoked or expired one also ends at the login page.
 */
export function RequireSession({
  realm,
  area,
  children,
}: {
  realm: Realm;
  /** In the 'seller' realm, which role the area is for: a seller or a buyer (both sign in at /login). */
  area?: 'seller' | 'buyer';
  children: ReactNode;
}) {
  const location = useLocation();
  const token = getToken(realm);
  const login = realm === 'admin' ? '/admin/login' : '/login';
  const query = useQuery({
    queryKey: sessionQueryKey(realm),
    queryFn: () => api<{ user: SessionUser }>('/me', { realm }),
    enabled: Boolean(token),
    retry: false,
    staleTime: 60_000,
  });
  // The buyer area comes back to the page asked for (a product page's "Add to order list" sends `next` too).
  const back = area === 'buyer' ? `${login}?next=${encodeURIComponent(location.pathname + location.search)}` : login;
  if (!token) return <Navigate to={back} replace state={{ from: location.pathname }} />;
  if (query.isPending) return <Spinner label={i18n._('common.loading')} />;
  if (query.isError || !query.data) {
    clearSession(realm);
    return <Navigate to={login} replace />;
  }
  const expected = realm === 'admin' ? 'admin' : (area ?? 'seller');
  const actual = query.data.user.role;
  // A seller and a buyer share the sign-in and the token slot: each is sent to their own area, still signed in.
  if (realm === 'seller' && actual !== expected && actual !== 'admin') {
    return <Navigate to={homeOf(actual)} replace />;
  }
  if (actual !== expected) {
    clearSession(realm);
    return <Navigate to={login} replace />;
  }
  return (
    <SessionContext.Provider value={query.data.user}>
      <AccountLanguage realm={realm} language={query.data.user.language} />
      {children}
    </SessionContext.Provider>
  );
}

/**
 * The account's language wins once signed in (ADR 0028); a language picked while signed in is saved to the
 * account.
 */
function AccountLanguage({ realm, language }: { realm: Realm; language: Language }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    // An older server (or a test's stub) may send no language: the page's stays.
    if (isLanguage(language) && language !== currentLanguage())
      setLanguage(language, { chosen: false }).catch(() => undefined);
  }, [language]);
  useEffect(
    () =>
      onLanguageChosen((lang) => {
        void api('/auth/language', { method: 'PUT', body: { language: lang }, realm })
          .then(() => queryClient.invalidateQueries({ queryKey: sessionQueryKey(realm) }))
          .catch(() => undefined);
      }),
    [realm, queryClient],
  );
  return null;
}

/**
 * Right after a sign-in (the token stored): a language the visitor picked on this browser before signing in is
 * their most recent choice, so it is saved to the account and the user returned says it; with no such choice
 * the account's language stays and `AccountLanguage` switches the page to it. A failed save keeps the account's.
 */
export async function adoptChosenLanguage(user: SessionUser, realm: Realm = 'seller'): Promise<SessionUser> {
  const chosen = takeChosenLanguage();
  if (!chosen || chosen === user.language) return user;
  try {
    const saved = await api<{ language: Language }>('/auth/language', {
      method: 'PUT',
      body: { language: chosen },
      realm,
    });
    return { ...user, language: saved.language };
  } catch {
    return user;
  }
}

/** Where a signed-in account lands: a buyer in the buyer area, a seller on the seller dashboard. */
export function homeOf(role: SessionUser['role']): string {
  if (role === 'buyer') return '/buyer';
  if (role === 'admin') return '/admin';
  return '/dashboard';
}

/**
 * Where to go after signing in: `?next=` when it is a path on this site (never `//other.site` or a URL), else the
 * account's home.
 */
export function afterSignIn(role: SessionUser['role'], next: string | null): string {
  return sameOriginPath(next, homeOf(role));
}

/** Logs out: the server revokes the session; the token is cleared locally whatever the answer. */
export function useLogout(realm: Realm) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    try {
      await api('/logout', { method: 'POST', realm });
    } catch {
      // The local sign-out below happens whatever the server said.
    }
    clearSession(realm);
    queryClient.clear();
    navigate(realm === 'admin' ? '/admin/login' : '/login', { replace: true });
  };
}
