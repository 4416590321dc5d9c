import { useQuery } from '@tanstack/react-query';
import type { AdminMe, AdminRole } from '@ub/shared';
import { api } from '../../lib/api.ts';

/**
 * The signed-in admin's console role (GET /api/admin/me), to hide what the role may not do. The server checks
 * every call anyway; until the answer is in, nothing role-bound is offered.
 */
export function useAdminRole(): AdminRole | undefined {
  const me = useQuery({ queryKey: ['admin', 'me'], queryFn: () => api<AdminMe>('/admin/me'), staleTime: 60_000 });
  return me.data?.role;
}

/** True when `role` is one of `roles`. */
export const roleIn = (role: AdminRole | undefined, roles: readonly AdminRole[]): boolean =>
  !!role && roles.includes(role);
