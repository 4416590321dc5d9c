import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EwayBillCancelInput,
  EwayBillVehicleInput,
  DebitNoteInput,
  OrderDetail,
  OrderListItem,
  OrderStatusChangeInput,
  OrderTab,
  SellerOrderDisputes,
  TaxDocumentItem,
} from '@ub/shared';
import { ApiError, api, NETWORK_ERROR } from '../../lib/api.ts';
import { getToken } from '../../lib/auth-storage.ts';
import { i18n } from '../../lib/i18n.tsx';

export interface OrderPage {
  orders: OrderListItem[];
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
}

export function useOrders(tab: OrderTab, search: string, page: number) {
  return useQuery({
    queryKey: ['orders', tab, search, page],
    queryFn: () => {
      const q = new URLSearchParams({ tab, page: String(page) });
      if (search) q.set('search', search);
      return api<OrderPage>(`/orders?${q}`);
    },
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: string | null) {
  return useQuery({
    queryKey: ['order', id],
    queryFn: () => api<OrderDetail>(`/orders/${id}`),
    enabled: Boolean(id),
  });
}

/** The disputes the buyer raised on the order, with the evidence files the seller may open. */
export function useOrderDisputes(id: string | null) {
  return useQuery({
    queryKey: ['order', id, 'disputes'],
    queryFn: () => api<SellerOrderDisputes>(`/orders/${id}/disputes`),
    enabled: Boolean(id),
  });
}

/** Changes an order's status; every list and the dashboard are refreshed after it. */
export function useChangeOrderStatus(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderStatusChangeInput) => api<OrderDetail>(`/orders/${id}/status`, { method: 'POST', body }),
    onSuccess: (detail) => {
      qc.setQueryData(['order', id], detail);
      void qc.invalidateQueries({ queryKey: ['orders'] });
      // Shipping issues the invoice (and e-way bill data); cancelling an invoiced order issues a credit note.
      void qc.invalidateQueries({ queryKey: ['tax-documents'] });
      void qc.invalidateQueries({ queryKey: ['eway-bill', id] });
      void qc.invalidateQueries({ queryKey: ['payments'] });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

/** POST /api/orders/:id/debit-notes: an upward price correction; the order's tax documents are refreshed. */
export function useDebitNote(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DebitNoteInput) => api<TaxDocumentItem>(`/orders/${id}/debit-notes`, { method: 'POST', body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['tax-documents'] }),
  });
}

export interface EwayBill {
  ewbNumber: string | null;
  ewbDate: string | null;
  validUntil: string | null;
  transporterName: string;
  transportMode: string;
  vehicleNumber: string | null;
  transportDocNumber: string | null;
  fromPlace: string | null;
  fromStateCode: string | null;
  vehicleUpdatedAt: string | null;
  distanceKm: number;
  cancelledAt: string | null;
  cancelReasonCode: string | null;
  cancelRemark: string | null;
  cancellableUntil: string | null;
  managed: boolean;
  payload: unknown;
}

/** GET /api/orders/:id/eway-bill: null when the consignment needed none (404). */
export function useEwayBill(id: string) {
  return useQuery({
    queryKey: ['eway-bill', id],
    queryFn: () =>
      api<EwayBill>(`/orders/${id}/eway-bill`).catch((e: ApiError) => {
        if (e.status === 404) return null;
        throw e;
      }),
  });
}

/** POST /api/orders/:id/eway-bill/vehicle: a new Part-B (vehicle or transport document) on the portal. */
export function useUpdateEwayBillVehicle(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EwayBillVehicleInput) =>
      api<EwayBill>(`/orders/${id}/eway-bill/vehicle`, { method: 'POST', body }),
    onSuccess: (row) => qc.setQueryData(['eway-bill', id], row),
  });
}

/** POST /api/orders/:id/eway-bill/cancel: cancels it on the portal (within 24 hours of generation). */
export function useCancelEwayBill(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EwayBillCancelInput) =>
      api<EwayBill>(`/orders/${id}/eway-bill/cancel`, { method: 'POST', body }),
    onSuccess: (row) => qc.setQueryData(['eway-bill', id], row),
  });
}

export function useSetEwayBillNumber(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { ewbNumber: string }) => api<EwayBill>(`/orders/${id}/eway-bill`, { method: 'POST', body }),
    onSuccess: (row) => qc.setQueryData(['eway-bill', id], row),
  });
}

/** Fetches the invoice PDF with the seller's token and hands it to the browser as a download. */
export async function downloadInvoice(id: string, invoiceNumber: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`/api/orders/${id}/invoice.pdf`, {
      headers: { authorization: `Bearer ${getToken('seller') ?? ''}` },
    });
  } catch {
    throw new ApiError(NETWORK_ERROR, 0);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    throw new ApiError(body.error ?? i18n._('orders.invoiceDownloadFailed'), res.status);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${invoiceNumber.replaceAll('/', '-')}.pdf`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
