import type { NotificationListResponse, NotificationPreferencesResponse, NotificationType } from '@ub/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { currentRealm } from '../../lib/auth-storage.ts';

export type NotificationFilter = 'all' | 'unread';

const PAGE_SIZE = 20;
export const notificationsKey = ['notifications'] as const;
// By realm too: a seller's and an admin's lists in the same tab are different people's.
const listKey = (filter: NotificationFilter) => [...notificationsKey, 'list', filter, currentRealm()] as const;
const preferencesKey = [...notificationsKey, 'preferences'] as const;

/** The caller's notifications, newest first, a page at a time; `unread` is the overall unread count. */
export function useNotificationList(filter: NotificationFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: listKey(filter),
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      api<NotificationListResponse>(`/notifications?filter=${filter}&page=${pageParam}&pageSize=${PAGE_SIZE}`),
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

/**
 * The list changes only once the server has answered ok (spec section 4): each action refetches afterwards
 * rather than editing the list optimistically.
 */
function useNotificationAction<V>(call: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

export const useMarkRead = () =>
  useNotificationAction((id: string) => api(`/notifications/${id}/read`, { method: 'PATCH' }));
export const useMarkAllRead = () => useNotificationAction(() => api('/notifications/read-all', { method: 'PATCH' }));
export const useDeleteNotification = () =>
  useNotificationAction((id: string) => api(`/notifications/${id}`, { method: 'DELETE' }));
export const useClearNotifications = () => useNotificationAction(() => api('/notifications', { method: 'DELETE' }));

export function useNotificationPreferences(enabled: boolean) {
  return useQuery({
    queryKey: preferencesKey,
    enabled,
    queryFn: () => api<NotificationPreferencesResponse>('/notifications/preferences'),
  });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: NotificationType[]) =>
      api<NotificationPreferencesResponse>('/notifications/preferences', { method: 'PUT', body: { email } }),
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey, saved),
  });
}
