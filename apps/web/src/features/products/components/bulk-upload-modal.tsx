import { useQueryClient } from '@tanstack/react-query';
import { BULK_MESSAGES, BULK_REQUIRED_COLUMNS, type BulkUploadResponse, PRODUCT_MESSAGES } from '@ub/shared';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { T, translateMessage, useT } from '../../../lib/i18n.tsx';
import { bulkUpload, downloadTemplate, productKeys, saveFile } from '../api.ts';
import { errorReport } from '../error-report.ts';
import { FileInput } from '../../../components/file-input.tsx';

type Phase = { kind: 'idle' } | { kind: 'uploading'; sent: number } | { kind: 'processing' };

/** A .csv name or a CSV content type; the server checks the bytes as well. */
function looksLikeCsv(file: File): boolean {
  return /\.csv$/i.test(file.name) || file.type === 'text/csv';
}

export function BulkUploadModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<BulkUploadResponse | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const busy = phase.kind !== 'idle';

  function close() {
    if (busy) return;
    setFile(null);
    setError(null);
    setResult(null);
    setShowErrors(false);
    onClose();
  }

  function choose(f: File | undefined) {
    setResult(null);
    setShowErrors(false);
    if (!f) return setFile(null);
    if (!looksLikeCsv(f)) {
      setFile(null);
      return setError(BULK_MESSAGES.notCsv);
    }
    setError(null);
    setFile(f);
  }

  async function upload() {
    if (!file) return;
    setError(null);
    setResult(null);
    setPhase({ kind: 'uploading', sent: 0 });
    try {
      const res = await bulkUpload(
        file,
        (sent) => setPhase({ kind: 'uploading', sent }),
        () => setPhase({ kind: 'processing' }),
      );
      setResult(res);
      setShowErrors(false);
      if (res.successCount > 0) void queryClient.invalidateQueries({ queryKey: productKeys.all });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : PRODUCT_MESSAGES.bulkFailed);
    } finally {
      setPhase({ kind: 'idle' });
    }
  }

  const percent = phase.kind === 'uploading' ? Math.round(phase.sent * 100) : 100;
  return (
    <Modal
      open={open}
      onClose={close}
      title={t('products.bulk.title')}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {t('products.close')}
          </Button>
          <Button onClick={upload} disabled={!file || busy}>
            {busy ? t('products.bulk.uploading') : t('products.bulk.upload')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <p>
            <T
              id="products.bulk.intro"
              values={{ columns: BULK_REQUIRED_COLUMNS.join(',') }}
              components={[<code key="columns" className="break-all rounded bg-white px-1 text-xs" />]}
            />
          </p>
          <Button
            variant="ghost"
            className="mt-2 -ml-2 text-brand-700"
            onClick={() => downloadTemplate().catch((e: Error) => toast.error(translateMessage(e.message)))}
          >
            {t('products.bulk.template')}
          </Button>
        </div>

        <div className="space-y-1">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
            {t('products.bulk.file')}
          </label>
          <FileInput
            id={inputId}
            accept=".csv,text/csv"
            disabled={busy}
            onChange={(e) => choose(e.target.files?.[0])}
          />
        </div>

        {busy && (
          <div className="space-y-1" aria-live="polite">
            <div
              role="progressbar"
              aria-label={t(
                phase.kind === 'processing' ? 'products.bulk.processingLabel' : 'products.bulk.uploadingLabel',
              )}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div
                className={`h-full rounded-full bg-brand-600 transition-all ${phase.kind === 'processing' ? 'animate-pulse' : ''}`}
                style={{ width: `${percent}%` }}
              />
            </div>
            <p className="text-xs text-slate-600">
              {phase.kind === 'processing' ? t('products.bulk.processing') : t('products.bulk.progress', { percent })}
            </p>
          </div>
        )}

        <FormError message={error} />

        {result && (
          <div role="status" className="space-y-2">
            <p className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
              {result.successCount > 0
                ? t('products.bulk.success', { count: result.successCount })
                : t('products.bulk.complete')}
            </p>
            {result.failedCount > 0 && (
              <div className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{t('products.bulk.failed', { count: result.failedCount })}</span>
                  <Button variant="ghost" className="px-2 py-1" onClick={() => setShowErrors((s) => !s)}>
                    {t(showErrors ? 'products.bulk.hideErrors' : 'products.bulk.viewErrors')}
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2 py-1"
                    onClick={() => saveFile(errorReport(result.failed), 'bulk_upload_errors.csv')}
                  >
                    {t('products.bulk.downloadReport')}
                  </Button>
                </div>
                {result.truncated && (
                  <p className="text-xs">{t('products.bulk.truncated', { count: result.failed.length })}</p>
                )}
              </div>
            )}
            {showErrors && (
              <div className="max-h-64 overflow-auto rounded-lg border border-slate-200">
                <table className="w-full text-left text-sm">
                  <thead className="sticky top-0 bg-slate-100 text-xs uppercase text-slate-600">
                    <tr>
                      <th className="px-3 py-2">{t('products.bulk.row')}</th>
                      <th className="px-3 py-2">{t('products.bulk.column')}</th>
                      <th className="px-3 py-2">{t('products.bulk.reason')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.failed.map((f) => (
                      <tr key={`${f.row}-${f.column}-${f.reason}`} className="border-t border-slate-100">
                        <td className="px-3 py-1.5 tabular-nums">{f.row}</td>
                        <td className="px-3 py-1.5 font-mono text-xs">{f.column}</td>
                        <td className="px-3 py-1.5">{translateMessage(f.reason)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        )}
      </div>
    </Modal>
  );
}
