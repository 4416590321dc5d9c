import {
  DOCUMENT_KINDS,
  DOCUMENT_LIMITS,
  DOCUMENT_MESSAGES,
  type DocumentKind,
  type DocumentReviewStatus,
} from '@ub/shared';
import { formatDate } from '@ub/shared/format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Badge, EmptyState, Spinner, type Tone } from '../../components/feedback.tsx';
import { FormError, SelectField } from '../../components/field.tsx';
import { api } from '../../lib/api.ts';
import { getToken } from '../../lib/auth-storage.ts';
import { i18n, useT } from '../../lib/i18n.tsx';
import { FileInput } from '../../components/file-input.tsx';

interface SellerDocument {
  id: string;
  kind: DocumentKind;
  kindLabel: string;
  name: string;
  mime: string;
  url: string;
  reviewStatus: DocumentReviewStatus;
  reviewReason: string | null;
  createdAt: string;
}

const REVIEW_TONES: Record<DocumentReviewStatus, Tone> = { pending: 'yellow', approved: 'green', rejected: 'red' };

const isPdf = (doc: SellerDocument) => doc.mime === 'application/pdf';

/**
 * Downloads a PDF and opens an image in a new tab: a PDF is never shown inside the site (one may carry a script).
 * The file needs the seller's token, so it goes through a blob URL.
 */
async function openDocument(doc: SellerDocument) {
  const res = await fetch(doc.url, { headers: { authorization: `Bearer ${getToken('seller') ?? ''}` } });
  if (!res.ok) {
    toast.error(i18n._('settings.documents.openFailed'));
    return;
  }
  const url = URL.createObjectURL(await res.blob());
  if (isPdf(doc)) {
    const link = document.createElement('a');
    link.href = url;
    link.download = doc.name;
    link.click();
  } else {
    window.open(url, '_blank', 'noopener');
  }
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The Documents section of the seller's Settings page: GST certificate, PAN, Udyam/MSME, IEC and incorporation
 * certificate as images or PDF, checked here for size and type and again on the server by content.
 */
export function DocumentsSection() {
  const t = useT();
  const queryClient = useQueryClient();
  const fileRef = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<DocumentKind | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['settings', 'documents'],
    queryFn: () => api<{ documents: SellerDocument[] }>('/settings/documents'),
  });
  const upload = useMutation({
    mutationFn: () => {
      const form = new FormData();
      form.append('kind', kind);
      if (file) form.append('file', file);
      return api<SellerDocument>('/settings/documents', { method: 'POST', body: form });
    },
    onSuccess: (d) => {
      toast.success(t('settings.documents.uploaded', { kind: t(`settings.documents.kinds.${d.kind}`) }));
      setFile(null);
      setKind('');
      if (fileRef.current) fileRef.current.value = '';
      return queryClient.invalidateQueries({ queryKey: ['settings', 'documents'] });
    },
    onError: (e) => setError(e.message),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api(`/settings/documents/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['settings', 'documents'] }),
    onError: (e) => toast.error(e.message),
  });

  function pick(f: File | null) {
    setError(null);
    if (f && f.size > DOCUMENT_LIMITS.maxBytes) {
      setError(DOCUMENT_MESSAGES.tooLarge(f.name));
      setFile(null);
      return;
    }
    if (f && !DOCUMENT_LIMITS.accept.split(',').includes(f.type)) {
      setError(DOCUMENT_MESSAGES.badType(f.name));
      setFile(null);
      return;
    }
    setFile(f);
  }

  return (
    <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{t('settings.documents.title')}</h2>
        <p className="text-sm text-slate-600">{t('settings.documents.intro')}</p>
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <FormError message={list.error.message} />
      ) : list.data.documents.length === 0 ? (
        <EmptyState title={t('settings.documents.empty')} />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {list.data.documents.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  {t(`settings.documents.kinds.${d.kind}`)}
                  <Badge tone={REVIEW_TONES[d.reviewStatus]}>{t(`settings.documents.review.${d.reviewStatus}`)}</Badge>
                </p>
                <p className="truncate text-xs text-slate-500">
                  {d.name} · {formatDate(d.createdAt)}
                </p>
                {d.reviewStatus === 'rejected' && d.reviewReason && (
                  <p className="text-xs text-red-700">{t('settings.documents.reason', { reason: d.reviewReason })}</p>
                )}
              </div>
              <div className="flex gap-2">
                <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => openDocument(d)}>
                  {t(isPdf(d) ? 'settings.documents.download' : 'settings.documents.view')}
                </Button>
                <Button
                  variant="danger"
                  className="px-3 py-1 text-xs"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(d.id)}
                >
                  {t('settings.documents.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-3 sm:grid-cols-[14rem_1fr_auto] sm:items-end">
        <SelectField
          label={t('settings.documents.type')}
          value={kind}
          hint={
            kind && list.data?.documents.some((d) => d.kind === kind)
              ? t('settings.documents.replaces', { kind: t(`settings.documents.kinds.${kind}`) })
              : undefined
          }
          onChange={(e) => setKind(e.target.value as DocumentKind)}
        >
          <option value="">{t('settings.documents.choose')}</option>
          {DOCUMENT_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`settings.documents.kinds.${k}`)}
            </option>
          ))}
        </SelectField>
        <div className="space-y-1">
          <label htmlFor="document-file" className="block text-sm font-medium text-slate-700">
            {t('settings.documents.file')}
          </label>
          <FileInput
            id="document-file"
            ref={fileRef}
            accept={DOCUMENT_LIMITS.accept}
            onChange={(e) => pick(e.target.files?.[0] ?? null)}
          />
        </div>
        <Button disabled={!kind || !file || upload.isPending} onClick={() => upload.mutate()}>
          {t(upload.isPending ? 'settings.documents.uploading' : 'settings.documents.upload')}
        </Button>
      </div>
      <FormError message={error} />
    </section>
  );
}
