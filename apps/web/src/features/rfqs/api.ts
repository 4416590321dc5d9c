import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_SITE_SETTINGS,
  type OfferInput,
  type OrderDetail,
  type RfqItem,
  type RfqStatus,
  type SiteSettings,
} from '@ub/shared';
import { api } from '../../lib/api.ts';

export interface RfqPage {
  orders: RfqItem[];
  total: number;
  page: number;
  pageSize: number;
}

export function useRfqs(status: RfqStatus | '', page: number) {
  return useQuery({
    queryKey: ['rfqs', status, page],
    queryFn: () => {
      const q = new URLSearchParams({ page: String(page) });
      if (status) q.set('status', status);
      return api<RfqPage>(`/rfqs?${q}`);
    },
    placeholderData: keepPreviousData,
  });
}

/** One RFQ by id (a 404 when it is not the seller's): what /dashboard/rfqs/:id opens. */
export function useRfq(id: string | null) {
  return useQuery({
    queryKey: ['rfqs', 'one', id],
    queryFn: () => api<RfqItem>(`/rfqs/${id}`),
    enabled: Boolean(id),
  });
}

export type RfqAction = { kind: 'approve' } | { kind: 'reject'; reason?: string } | ({ kind: 'counter' } & OfferInput);

/** Approve, reject or counter; the RFQ list is refreshed with the server's answer. */
export function useRfqAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: RfqAction) => api<RfqItem>(`/rfqs/${id}/${kind}`, { method: 'POST', body }),
    // A 409 means the RFQ moved on elsewhere (the buyer answered): refresh either way.
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['rfqs'] });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

/** Converts an accepted RFQ; `gstPercentage` only for an RFQ without a listed product's rate. */
export function useConvertRfq(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { gstPercentage?: number }) => api<OrderDetail>(`/rfqs/${id}/convert`, { method: 'POST', body }),
    onSuccess: () => {
      for (const key of ['rfqs', 'orders', 'payments', 'dashboard']) void qc.invalidateQueries({ queryKey: [key] });
    },
  });
}

/** The configured GST rates (site settings): the choices for an order converted from an RFQ without a product. */
export function useGstRates(): readonly number[] {
  const { data } = useQuery({
    queryKey: ['site'],
    queryFn: () => api<SiteSettings>('/site', { anonymous: true }),
    staleTime: 5 * 60_000,
  });
  return data?.gstRates ?? DEFAULT_SITE_SETTINGS.gstRates;
}
