import { type BulkRowError, csvRecord } from '@ub/shared';

/**
 * The failed rows as a CSV the seller can open next to the file they uploaded. The SKUs and reasons quote the
 * uploaded file, so every cell goes through the shared csvRecord (formula-looking text neutralised).
 */
export function errorReport(failed: BulkRowError[]): Blob {
  const lines = [csvRecord(['row', 'column', 'reason', 'sku'])];
  for (const f of failed) lines.push(csvRecord([f.row, f.column, f.reason, f.sku ?? '']));
  return new Blob([`${lines.join('\n')}\n`], { type: 'text/csv;charset=utf-8' });
}
