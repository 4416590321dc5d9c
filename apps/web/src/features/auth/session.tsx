import type { SessionUser } from '@ub/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, createContext, useContext } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../components/feedback.tsx';
import { api } from '../../lib/api.ts';
import { clearSession, getToken, type Realm } from '../../lib/auth-storage.ts';

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
export function RequireSession({ realm, children }: { realm: Realm; children: ReactNode }) {
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
  if (!token) return <Navigate to={login} replace state={{ from: location.pathname }} />;
  if (query.isPending) return <Spinner label="Loading..." />;
  if (query.isError || !query.data) {
    clearSession(realm);
    return <Navigate to={login} replace />;
  }
  const expected = realm === 'admin' ? 'admin' : 'seller';
  if (query.data.user.role !== expected) {
    clearSession(realm);
    return <Navigate to={login} replace />;
  }
  return <SessionContext.Provider value={query.data.user}>{children}</SessionContext.Provider>;
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
