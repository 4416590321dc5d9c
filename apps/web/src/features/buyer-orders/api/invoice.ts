import { ApiError, NETWORK_ERROR } from '../../../lib/api.ts';
import { getToken } from '../../../lib/auth-storage.ts';
import { i18n } from '../../../lib/i18n.tsx';

/** GET /api/buyer/orders/:id/invoice: fetches the tax invoice PDF and hands it to the browser as a download. */
export async function downloadBuyerInvoice(id: string, invoiceNumber: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`/api/buyer/orders/${id}/invoice`, {
      headers: { authorization: `Bearer ${getToken('seller') ?? ''}` },
    });
  } catch {
    throw new ApiError(NETWORK_ERROR, 0);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    throw new ApiError(body.error ?? i18n._('buyer.order.invoiceFailed'), res.status);
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
