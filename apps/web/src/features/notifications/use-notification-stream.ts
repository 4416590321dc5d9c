import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api.ts';
import { notificationsKey } from './api.ts';

const MAX_BACKOFF_MS = 15_000;

/**
 * Keeps the notification queries live: opens the SSE stream with a short-lived ticket (EventSource cannot send
 * the bearer header), refetches on every new notification and on every (re)connection, which catches up what
 * was missed while the server restarted. A dropped stream is reopened with a fresh ticket, backing off to 15 s.
 */
export function useNotificationStream() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let failures = 0;
    const refresh = () => queryClient.invalidateQueries({ queryKey: notificationsKey });

    const retry = () => {
      if (stopped) return;
      failures++;
      timer = setTimeout(connect, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(failures - 1, 5)));
    };

    async function connect() {
      if (stopped) return;
      let ticket: string;
      try {
        ({ ticket } = await api<{ ticket: string }>('/notifications/stream-ticket', { method: 'POST' }));
      } catch {
        retry();
        return;
      }
      if (stopped) return;
      source = new EventSource(`/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`);
      source.onopen = () => {
        failures = 0;
        void refresh();
      };
      source.addEventListener('notification', () => void refresh());
      source.onerror = () => {
        // The ticket in the URL has expired by now, so reconnect with a new one instead of EventSource's own retry.
        source?.close();
        source = undefined;
        retry();
      };
    }

    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [queryClient]);
}
