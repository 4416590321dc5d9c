import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BULK_MAX_REPORTED_ERRORS,
  BULK_MESSAGES,
  BULK_OPTIONAL_COLUMNS,
  BULK_REQUIRED_COLUMNS,
  type BulkRowError,
  type BulkUploadResponse,
  type ManufacturerStatus,
  productSchema,
} from '@ub/shared';
import { CsvError, parse } from 'csv-parse';
import { v7 as uuidv7 } from 'uuid';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { sniffKind } from '../../lib/uploads.ts';
import { checkGstRate, initialModeration, toColumns } from './products.ts';
import { transactionOnce } from '../../lib/transaction.ts';

/** Rows per INSERT. With unnest the statement has a fixed 24 parameters, whatever the batch size. */
const BATCH_ROWS = 2000;
/** A single CSV record larger than this is not a product row (and would otherwise be buffered whole). */
const MAX_RECORD_CHARS = 64 * 1024;

const ALLOWED_OPTIONAL = new Set<string>(BULK_OPTIONAL_COLUMNS);

export interface BulkImportInput {
  db: Db;
  manufacturerId: string;
  manufacturerStatus: ManufacturerStatus | null | undefined;
  /** The uploaded file's bytes. */
  source: Readable;
  /** Called after the source ended: true when the upload was cut at the size limit. */
  truncated?: () => boolean;
}

/**
 * Streams a CSV of products into the seller's catalogue: each row is checked with the shared product schema and
 * valid rows are inserted in batches; bad rows are reported by row number, column and reason. The whole import is
 * one transaction, so a file that turns out malformed part-way (binary content, unterminated quote) writes nothing.
 */
export async function importProductsCsv(input: BulkImportInput): Promise<BulkUploadResponse> {
  const { db, manufacturerId } = input;
  const { autoApprove, gstRates } = await initialModeration(db, input.manufacturerStatus);
  const failed: BulkRowError[] = [];
  let failedCount = 0;
  let successCount = 0;
  let truncated = false;
  const report = (e: BulkRowError) => {
    if (failed.length < BULK_MAX_REPORTED_ERRORS) failed.push(e);
    else truncated = true;
  };

  // The upload stream is read once: this transaction cannot run a second time.
  await transactionOnce(db, async (tx) => {
    let header: string[] | undefined;
    let sawAnything = false;
    const skuRows = new Map<string, number>();
    let batch: Array<{ row: number; cols: ReturnType<typeof toColumns> }> = [];

    const insertRows = async (rows: typeof batch) => {
      const inserted = await insertBatch(
        tx as unknown as Db,
        manufacturerId,
        autoApprove,
        rows.map((r) => r.cols),
      );
      for (const r of rows) {
        if (inserted.has(r.cols.sku)) successCount++;
        else {
          failedCount++;
          report({ row: r.row, column: 'sku', reason: BULK_MESSAGES.duplicateSkuExisting, sku: r.cols.sku });
        }
      }
    };
    // One batch is written while the next is parsed and validated; awaiting the previous write first keeps at
    // most two batches in memory.
    let inflight: Promise<void> = Promise.resolve();
    const flush = async () => {
      if (!batch.length) return;
      const rows = batch;
      batch = [];
      await inflight;
      inflight = insertRows(rows);
      inflight.catch(() => undefined);
    };

    const parser = parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_RECORD_CHARS,
      info: true,
    });

    await pipeline(input.source, textGuard(), parser, async (records: AsyncIterable<{ record: string[] }>) => {
      let rowNumber = 0;
      for await (const { record } of records) {
        rowNumber++;
        sawAnything = true;
        if (!header) {
          header = checkHeader(record);
          continue;
        }
        if (record.every((cell) => cell.trim() === '')) continue;
        if (record.length !== header.length) {
          failedCount++;
          report({ row: rowNumber, column: 'row', reason: BULK_MESSAGES.columnCount(header.length, record.length) });
          continue;
        }
        const raw: Record<string, string> = {};
        for (let i = 0; i < header.length; i++) raw[header[i] as string] = record[i] as string;
        const parsed = productSchema.safeParse(raw);
        const sku = raw.sku?.trim() || undefined;
        if (!parsed.success) {
          failedCount++;
          for (const issue of parsed.error.issues) {
            report({ row: rowNumber, column: String(issue.path[0] ?? 'row'), reason: issue.message, sku });
          }
          continue;
        }
        const gstError = checkGstRate(parsed.data.gst_percentage, gstRates);
        if (gstError) {
          failedCount++;
          report({ row: rowNumber, column: 'gst_percentage', reason: gstError, sku });
          continue;
        }
        // SKUs compare case-blind, as the unique index does.
        const skuKey = parsed.data.sku.toLowerCase();
        const firstRow = skuRows.get(skuKey);
        if (firstRow !== undefined) {
          failedCount++;
          report({ row: rowNumber, column: 'sku', reason: BULK_MESSAGES.duplicateSkuInFile(firstRow), sku });
          continue;
        }
        skuRows.set(skuKey, rowNumber);
        batch.push({ row: rowNumber, cols: toColumns(parsed.data, manufacturerId) });
        if (batch.length >= BATCH_ROWS) await flush();
      }
    }).catch((err: unknown) => {
      throw toBadFile(err);
    });
    if (input.truncated?.()) throw new AppError('payload_too_large', BULK_MESSAGES.tooBig);
    if (!sawAnything) throw badRequest(BULK_MESSAGES.empty);
    await flush();
    await inflight;
    if (successCount + failedCount === 0) throw badRequest(BULK_MESSAGES.noRows);
  });
  failed.sort((a, b) => a.row - b.row);
  return { successCount, failedCount, failed, truncated };
}

function checkHeader(record: string[]): string[] {
  const cells = record.map((c) => c.trim());
  const required = cells.slice(0, BULK_REQUIRED_COLUMNS.length);
  if (required.length !== BULK_REQUIRED_COLUMNS.length || required.some((c, i) => c !== BULK_REQUIRED_COLUMNS[i])) {
    throw badRequest(BULK_MESSAGES.headers);
  }
  const seen = new Set<string>(required);
  for (const c of cells.slice(BULK_REQUIRED_COLUMNS.length)) {
    if (!ALLOWED_OPTIONAL.has(c)) throw badRequest(BULK_MESSAGES.unknownColumn(c));
    if (seen.has(c)) throw badRequest(BULK_MESSAGES.duplicateColumn(c));
    seen.add(c);
  }
  return cells;
}

/**
 * Lets only text through: a NUL byte, invalid UTF-8 or a known binary signature (images, PDF, zip/xlsx) means the
 * upload is not a CSV, whatever its name says.
 */
function textGuard(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let first = true;
  const notCsv = () => badRequest(BULK_MESSAGES.notCsv);
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (first) {
        first = false;
        const zip = chunk.length >= 4 && chunk.readUInt32BE(0) === 0x504b0304;
        if (zip || sniffKind(chunk)) return done(notCsv());
      }
      if (chunk.includes(0)) return done(notCsv());
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        return done(notCsv());
      }
      done(null, chunk);
    },
    flush(done) {
      try {
        decoder.decode();
      } catch {
        return done(notCsv());
      }
      done();
    },
  });
}

function toBadFile(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('payload_too_large', BULK_MESSAGES.tooBig);
  }
  if (err instanceof CsvError) {
    const line = (err as CsvError & { lines?: number }).lines;
    const detail =
      err.code === 'CSV_QUOTE_NOT_CLOSED'
        ? 'a quoted value is never closed.'
        : err.code === 'CSV_MAX_RECORD_SIZE'
          ? `a row is longer than ${MAX_RECORD_CHARS} characters${line ? ` (line ${line})` : ''}.`
          : `${err.message.replace(/\.$/, '')}.`;
    return badRequest(BULK_MESSAGES.malformed(detail));
  }
  return err;
}

/** A PostgreSQL array literal, for a per-row text[] carried inside one text[] parameter. */
function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/**
 * Inserts a batch with one statement; answers the SKUs that went in (the others already existed: a bulk upload
 * never changes an existing product). Ids are time-ordered (UUIDv7) in file order, so the list's newest-first
 * order (created_at, then id) follows the rows' place on disk and reading a seller's newest products touches few
 * pages. Rows wait for moderation unless the seller's products are auto-approved and the row has what approval
 * needs (an HSN code and a GST rate; see moderationOf).
 */
async function insertBatch(
  db: Db,
  manufacturerId: string,
  autoApprove: boolean,
  rows: Array<ReturnType<typeof toColumns>>,
): Promise<Set<string>> {
  const col = <T>(pick: (r: ReturnType<typeof toColumns>) => T) => sql.param(rows.map(pick));
  const result = await db.execute<{ sku: string }>(sql`
    insert into products (id, manufacturer_id, moderation_status, approved_price, name, description, sku, price, moq,
      stock, unit, brand, category, sub_category, model_number, sizes, colors, material, dimensions, weight, packaging,
      hsn_code, gst_percentage, status, search_doc)
    select u.id::uuid, ${manufacturerId}::uuid, m.status, case when m.status = 'approved' then u.price::numeric end,
      u.name, u.description, u.sku,
      u.price::numeric, u.moq::int, u.stock::int, u.unit, u.brand, u.category, u.sub_category, u.model_number, u.sizes::text[],
      u.colors::text[], u.material, u.dimensions, u.weight, u.packaging, u.hsn_code, u.gst::numeric,
      u.status::listing_status, u.search_doc::tsvector
    from unnest(${sql.param(rows.map(() => uuidv7()))}::text[], ${col((r) => r.name)}::text[],
      ${col((r) => r.description)}::text[], ${col((r) => r.sku)}::text[],
      ${col((r) => r.price)}::text[], ${col((r) => String(r.moq))}::text[], ${col((r) => String(r.stock))}::text[],
      ${col((r) => r.unit)}::text[], ${col((r) => r.brand)}::text[], ${col((r) => r.category)}::text[],
      ${col((r) => r.subCategory)}::text[], ${col((r) => r.modelNumber)}::text[],
      ${col((r) => arrayLiteral(r.sizes))}::text[], ${col((r) => arrayLiteral(r.colors))}::text[],
      ${col((r) => r.material)}::text[], ${col((r) => r.dimensions)}::text[], ${col((r) => r.weight)}::text[],
      ${col((r) => r.packaging)}::text[], ${col((r) => r.hsnCode)}::text[], ${col((r) => r.gstPercentage)}::text[],
      ${col((r) => r.status)}::text[], ${col((r) => r.searchDoc)}::text[])
      as u(id, name, description, sku, price, moq, stock, unit, brand, category, sub_category, model_number, sizes, colors,
        material, dimensions, weight, packaging, hsn_code, gst, status, search_doc)
    cross join lateral (select (case when ${autoApprove}::boolean and u.hsn_code is not null and u.gst is not null
      then 'approved' else 'pending' end)::moderation_status as status) m
    on conflict (manufacturer_id, lower(sku)) do nothing
    returning sku`);
  const list = Array.isArray(result) ? result : (result as { rows: Array<{ sku: string }> }).rows;
  return new Set(list.map((r) => r.sku));
}
