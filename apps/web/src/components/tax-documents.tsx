import { useQuery } from '@tanstack/react-query';
import { formatDate, formatInr, type TaxDocumentItem } from '@ub/shared';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError, api, NETWORK_ERROR } from '../lib/api.ts';
import { getToken, type Realm } from '../lib/auth-storage.ts';
import { i18n, useT } from '../lib/i18n.tsx';
import { Button } from './button.tsx';

/** Fetches a file with the realm's token and hands it to the browser as a download. */
export async function downloadFile(path: string, filename: string, realm: Realm): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { headers: { authorization: `Bearer ${getToken(realm) ?? ''}` } });
  } catch {
    throw new ApiError(NETWORK_ERROR, 0);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    throw new ApiError(body.error ?? i18n._('common.downloadFailed'), res.status);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The tax invoice, credit notes and debit notes of an order, each with its download: the seller's, buyer's and
 * admin's order screens show the same list from their own endpoints.
 */
export function TaxDocuments({
  listPath,
  pdfPath,
  realm,
  retryPath,
}: {
  listPath: string;
  pdfPath: (documentId: string) => string;
  realm: Realm;
  /** The seller's: sends a failed e-invoice to the portal again. */
  retryPath?: (documentId: string) => string;
}) {
  const t = useT();
  const { data, refetch } = useQuery({
    queryKey: ['tax-documents', listPath],
    queryFn: () => api<{ documents: TaxDocumentItem[] }>(listPath, { realm }),
  });
  const [busy, setBusy] = useState<string | null>(null);
  if (!data?.documents.length) return null;
  const download = async (d: TaxDocumentItem) => {
    setBusy(d.id);
    try {
      await downloadFile(pdfPath(d.id), `${d.number.replaceAll('/', '-')}.pdf`, realm);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <ul className="divide-y divide-slate-100" aria-label={t('common.taxDocuments.label')}>
      {data.documents.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <div className="min-w-0">
            <p className="font-medium">
              {t(`status.taxDocument.${d.kind}`)} {d.number}
            </p>
            <p className="text-xs text-slate-500">
              {formatDate(d.issuedAt)} · {formatInr(d.total)}
              {d.reason ? ` · ${d.reason}` : ''}
            </p>
            {d.irn && (
              <p className="break-all font-mono text-xs text-slate-500">
                {t('common.taxDocuments.irn', { irn: d.irn })}
              </p>
            )}
            {d.einvoiceStatus === 'pending' && (
              <p className="text-xs text-slate-500">{t('common.taxDocuments.einvoicePending')}</p>
            )}
            {d.einvoiceStatus === 'failed' && (
              <p className="text-xs text-red-700">
                {t('common.taxDocuments.einvoiceFailed', { error: d.einvoiceError })}
                {retryPath && (
                  <button
                    type="button"
                    className="ml-2 font-semibold underline"
                    onClick={() =>
                      api(retryPath(d.id), { method: 'POST', realm })
                        .then(() => refetch())
                        .catch((e: Error) => toast.error(e.message))
                    }
                  >
                    {t('common.taxDocuments.sendAgain')}
                  </button>
                )}
              </p>
            )}
          </div>
          <Button variant="secondary" onClick={() => download(d)} disabled={busy === d.id}>
            {busy === d.id ? t('common.downloading') : t(`common.taxDocuments.download.${d.kind}`)}
          </Button>
        </li>
      ))}
    </ul>
  );
}
