import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  BULK_TEMPLATE_NAME,
  type BulkUploadResponse,
  DEFAULT_SITE_SETTINGS,
  PRODUCT_MESSAGES,
  type ProductDetail,
  type ProductListQuery,
  type ProductListResponse,
  type ProductPayload,
  type SiteSettings,
} from '@ub/shared';
import { ApiError, api, NETWORK_ERROR } from '../../lib/api.ts';
import { getToken } from '../../lib/auth-storage.ts';

export const productKeys = {
  all: ['products'] as const,
  list: (q: ProductListQuery) => ['products', 'list', q] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
};

export function useProducts(query: ProductListQuery) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  return useQuery({
    queryKey: productKeys.list(query),
    queryFn: () => api<ProductListResponse>(`/products?${params}`),
    placeholderData: keepPreviousData,
  });
}

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: () => api<ProductDetail>(`/product/${id}`, { fallbackError: PRODUCT_MESSAGES.fetchFailed }),
    staleTime: 0,
  });

/** The configured GST rates (site settings), for the GST select. */
export function useGstRates(): readonly number[] {
  const { data } = useQuery({
    queryKey: ['site'],
    queryFn: () => api<SiteSettings>('/site', { anonymous: true }),
    staleTime: 5 * 60_000,
  });
  return data?.gstRates ?? DEFAULT_SITE_SETTINGS.gstRates;
}

/** The spec's "No authentication token found." before any product call is attempted. */
export function requireToken(): void {
  if (!getToken('seller')) throw new ApiError(PRODUCT_MESSAGES.noToken, 401);
}

export function createProduct(payload: ProductPayload) {
  requireToken();
  return api<{ product_id: string }>('/product/add', {
    method: 'POST',
    body: payload,
    fallbackError: PRODUCT_MESSAGES.createFailed,
  });
}

/** Saves the whole product; `version` is the one the form loaded (a stale one is 409, PRODUCT_MESSAGES.stale). */
export function updateProduct(id: string, payload: ProductPayload & { version: number; remove_media_ids: string[] }) {
  requireToken();
  return api<ProductDetail>(`/product/${id}`, {
    method: 'PUT',
    body: payload,
    fallbackError: PRODUCT_MESSAGES.updateFailed,
  });
}

export function uploadProductImages(id: string, files: File[]) {
  const form = new FormData();
  for (const f of files) form.append('files', f, f.name);
  return api<ProductDetail>(`/upload/product-media/${id}`, {
    method: 'POST',
    body: form,
    fallbackError: 'Could not upload the images.',
  });
}

export function deleteProduct(id: string) {
  return api<{ message: string }>(`/product/${id}`, {
    method: 'DELETE',
    fallbackError: PRODUCT_MESSAGES.deleteFailed,
  });
}

/** Saves a blob under a file name through a temporary link. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export async function downloadTemplate(): Promise<void> {
  const token = getToken('seller');
  const res = await fetch('/api/products/bulk-upload/template', {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new ApiError('Could not download the template.', res.status);
  saveFile(await res.blob(), BULK_TEMPLATE_NAME);
}

/**
 * Sends the CSV with XMLHttpRequest, because fetch cannot report upload progress. `onProgress` gets the share of
 * bytes sent (0 to 1); once everything is sent the server is still processing rows.
 */
export function bulkUpload(
  file: File,
  onProgress: (sent: number) => void,
  onUploaded: () => void,
): Promise<BulkUploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/products/bulk-upload');
    const token = getToken('seller');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.upload.onload = () => onUploaded();
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR, 0));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && data) return resolve(data as BulkUploadResponse);
      const error = (data as { error?: string } | undefined)?.error;
      reject(new ApiError(error ?? PRODUCT_MESSAGES.bulkFailed, xhr.status));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
