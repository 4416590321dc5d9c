import { randomBytes } from 'node:crypto';
import { type Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BULK_MAX_REPORTED_ERRORS,
  BULK_MESSAGES,
  BULK_OPTIONAL_COLUMNS,
  BULK_REQUIRED_COLUMNS,
  type BulkRowError,
  type BulkUploadResponse,
  type ManufacturerStatus,
  type ProductPayload,
  productSchema,
} from '@ub/shared';
import { CsvError, parse } from 'csv-parse';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { sniffKind } from '../../lib/uploads.ts';
import { checkGstRate, initialModeration, moderationOf, toColumns } from './products.ts';

/** Rows checked against the seller's existing SKUs at once, and handed to COPY as one chunk. */
const BATCH_ROWS = 2000;
/** A single CSV record larger than this is not a product row (and would otherwise be buffered whole). */
const MAX_RECORD_CHARS = 64 * 1024;

const ALLOWED_OPTIONAL = new Set<string>(BULK_OPTIONAL_COLUMNS);

/** The columns COPY fills, in the order of each line encodeRow writes. */
const COPY_COLUMNS =
  'id, manufacturer_id, moderation_status, approved_price, name, description, sku, price, moq, stock, unit, brand, ' +
  'category, sub_category, model_number, sizes, colors, material, dimensions, weight, packaging, hsn_code, ' +
  'gst_percentage, status, search_doc';

export interface BulkImportInput {
  database: Database;
  manufacturerId: string;
  manufacturerStatus: ManufacturerStatus | null | undefined;
  /** The uploaded file's bytes. */
  source: Readable;
  /** Called after the source ended: true when the upload was cut at the size limit. */
  truncated?: () => boolean;
}

/** The seller's SKUs (lower case) among `keys` that are already in the catalogue. */
type ExistingSkus = (keys: string[]) => Promise<Set<string>>;

/**
 * Streams a CSV of products into the seller's catalogue: each row is checked with the shared product schema and
 * valid rows are loaded with `COPY`; bad rows are reported by row number, column and reason. Parsing and checking
 * run while the database loads the rows already checked (the COPY stream's backpressure paces the upload). The
 * whole import is one transaction, so a file that turns out malformed part-way (binary content, unterminated
 * quote, a row too long), or a database failure, writes nothing.
 *
 * A bulk upload never changes an existing product: a row whose SKU the seller already has is reported, as before.
 * COPY has no ON CONFLICT, so each batch's SKUs are looked up first (on another connection of the pool, while
 * COPY holds this one; the transaction's advisory lock keeps a second upload of the same seller out until this
 * one ends). A single product added with a clashing SKU in that moment fails the import as a whole (409).
 */
export async function importProductsCsv(input: BulkImportInput): Promise<BulkUploadResponse> {
  const { database, manufacturerId } = input;
  const { autoApprove, gstRates } = await initialModeration(database.db, input.manufacturerStatus);
  const failed: BulkRowError[] = [];
  let failedCount = 0;
  let successCount = 0;
  let truncated = false;
  const report = (e: BulkRowError) => {
    if (failed.length < BULK_MAX_REPORTED_ERRORS) failed.push(e);
    else truncated = true;
  };
  let sawAnything = false;

  /**
   * CSV records in, COPY text out: one chunk per batch of rows that passed every check. An async generator as a
   * pipeline stage, so a chunk is only made when the COPY stream asks for more.
   */
  const checked = (existing: ExistingSkus) =>
    async function* (records: AsyncIterable<string[]>): AsyncGenerator<string> {
      const nextId = idSequence();
      let header: string[] | undefined;
      let rowNumber = 0;
      const skuRows = new SkuRows();
      // Each row is kept as its COPY line (one string) until its batch is written, not as the parsed objects:
      // those would live long enough to reach the old generation, and a million rows of them grow the heap.
      let batch: Array<{ row: number; key: string; sku: string; line: string }> = [];
      const flush = async (): Promise<string> => {
        const rows = batch;
        batch = [];
        const taken = await existing(rows.map((r) => r.key));
        let text = '';
        for (const r of rows) {
          if (taken.has(r.key)) {
            failedCount++;
            report({ row: r.row, column: 'sku', reason: BULK_MESSAGES.duplicateSkuExisting, sku: r.sku });
            continue;
          }
          successCount++;
          text += r.line;
        }
        return text;
      };
      for await (const record of records) {
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
        batch.push({
          row: rowNumber,
          key: skuKey,
          sku: parsed.data.sku,
          line: encodeRow(nextId(), manufacturerId, autoApprove, parsed.data),
        });
        if (batch.length >= BATCH_ROWS) {
          const text = await flush();
          if (text) yield text;
        }
      }
      if (batch.length) {
        const text = await flush();
        if (text) yield text;
      }
    };

  const finish = () => {
    if (input.truncated?.()) throw new AppError('payload_too_large', BULK_MESSAGES.tooBig);
    if (!sawAnything) throw badRequest(BULK_MESSAGES.empty);
    if (successCount + failedCount === 0) throw badRequest(BULK_MESSAGES.noRows);
  };
  const parser = () =>
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_RECORD_CHARS,
    });

  if (database.raw.kind === 'postgres') {
    const { pool } = database.raw;
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('begin');
      await client.query(`select pg_advisory_xact_lock(hashtextextended('products-import:' || $1, 0))`, [
        manufacturerId,
      ]);
      // A seller with no product yet (the lock keeps other uploads out) has no SKU to clash with: no lookups.
      const any = await client.query(`select exists (select 1 from products where manufacturer_id = $1) as any`, [
        manufacturerId,
      ]);
      const existing: ExistingSkus = any.rows[0]?.any
        ? async (keys) => {
            const res = await pool.query<{ k: string }>(
              `select lower(sku) as k from products where manufacturer_id = $1 and lower(sku) = any($2::text[])`,
              [manufacturerId, keys],
            );
            return new Set(res.rows.map((r) => r.k));
          }
        : async () => new Set();
      const copy = client.query(copyFrom(`copy products (${COPY_COLUMNS}) from stdin`));
      await pipeline(input.source, textGuard(), parser(), checked(existing), copy).catch((err: unknown) => {
        throw toBadFile(err);
      });
      finish();
      await client.query('commit');
    } catch (err) {
      // The connection may be mid-COPY: it is closed rather than reused, which rolls the transaction back.
      broken = err instanceof Error ? err : new Error(String(err));
      throw toConflict(err);
    } finally {
      client.release(broken);
    }
  } else {
    const { client } = database.raw;
    await client.transaction(async (tx) => {
      const existing: ExistingSkus = async (keys) => {
        const res = await tx.query<{ k: string }>(
          `select lower(sku) as k from products where manufacturer_id = $1 and lower(sku) = any($2::text[])`,
          [manufacturerId, keys],
        );
        return new Set(res.rows.map((r) => r.k));
      };
      // PGlite runs in this thread, so there is nothing to overlap: each checked batch is one COPY from a blob.
      const load = new Writable({
        write(chunk: Buffer | string, _enc, done) {
          tx.query(`copy products (${COPY_COLUMNS}) from '/dev/blob'`, [], { blob: new Blob([chunk]) }).then(
            () => done(),
            done,
          );
        },
      });
      await pipeline(input.source, textGuard(), parser(), checked(existing), load).catch((err: unknown) => {
        throw toBadFile(err);
      });
      finish();
    });
  }
  failed.sort((a, b) => a.row - b.row);
  return { successCount, failedCount, failed, truncated };
}

/**
 * The first row of each SKU (lower case) in the file, for "SKU already used in row N". A million-row file would
 * hold a million strings in a Map (about 70 MB of heap that the collector walks again and again); here each SKU is
 * two independent hashes (53 and 32 bits, 85 together: a false "already used" in a million-row file has odds
 * near 1 in 10^13) and its row, in typed arrays with open addressing: 20 bytes a slot, nothing for the GC.
 */
export class SkuRows {
  private hashA = new Float64Array(1 << 12);
  private hashB = new Int32Array(1 << 12);
  private rows = new Int32Array(1 << 12); // 0: empty slot
  private size = 0;

  get(key: string): number | undefined {
    const [a, b] = hashes(key);
    const mask = this.rows.length - 1;
    for (let i = a % (mask + 1); ; i = (i + 1) & mask) {
      const row = this.rows[i] as number;
      if (row === 0) return undefined;
      if (this.hashA[i] === a && this.hashB[i] === b) return row;
    }
  }

  /** Records `row` (>= 1) for a key not recorded yet. */
  set(key: string, row: number): void {
    if ((this.size + 1) * 2 > this.rows.length) this.grow();
    const [a, b] = hashes(key);
    this.put(a, b, row);
    this.size++;
  }

  private put(a: number, b: number, row: number) {
    const mask = this.rows.length - 1;
    let i = a % (mask + 1);
    while (this.rows[i] !== 0) i = (i + 1) & mask;
    this.hashA[i] = a;
    this.hashB[i] = b;
    this.rows[i] = row;
  }

  private grow() {
    const { hashA, hashB, rows } = this;
    this.hashA = new Float64Array(rows.length * 2);
    this.hashB = new Int32Array(rows.length * 2);
    this.rows = new Int32Array(rows.length * 2);
    for (let i = 0; i < rows.length; i++) {
      if (rows[i] !== 0) this.put(hashA[i] as number, hashB[i] as number, rows[i] as number);
    }
  }
}

/** cyrb53 (53 bits) and FNV-1a (32 bits) of a string. */
function hashes(str: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  let f = 0x811c9dc5;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
    f = Math.imul(f ^ ch, 16777619);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [4294967296 * (2097151 & h2) + (h1 >>> 0), f | 0];
}

/** One line of COPY text format for a checked row (columns as COPY_COLUMNS lists them). */
function encodeRow(id: string, manufacturerId: string, autoApprove: boolean, p: ProductPayload): string {
  const c = toColumns(p, manufacturerId);
  const approved = moderationOf(autoApprove, p) === 'approved';
  const t = copyText;
  return (
    `${id}\t${manufacturerId}\t${approved ? 'approved\t' : 'pending\t\\N'}${approved ? t(c.price) : ''}\t` +
    `${t(c.name)}\t${t(c.description)}\t${t(c.sku)}\t${c.price}\t${c.moq}\t${c.stock}\t${t(c.unit)}\t` +
    `${t(c.brand)}\t${t(c.category)}\t${t(c.subCategory)}\t${t(c.modelNumber)}\t` +
    `${c.sizes.length ? t(arrayLiteral(c.sizes)) : '{}'}\t${c.colors.length ? t(arrayLiteral(c.colors)) : '{}'}\t` +
    `${t(c.material)}\t${t(c.dimensions)}\t${t(c.weight)}\t${t(c.packaging)}\t${t(c.hsnCode)}\t` +
    `${t(c.gstPercentage)}\t${c.status}\t${t(c.searchDoc)}\n`
  );
}

/**
 * Time-ordered ids (UUIDv7 layout) for one import, increasing in file order: the import's start in milliseconds,
 * then 30 random bits, then a 44-bit row counter. The list's newest-first order (created_at, then id) then follows
 * the rows' place on disk, and making an id costs a few string operations instead of a random draw per row.
 */
export function idSequence(now = Date.now()): () => string {
  const ms = now.toString(16).padStart(12, '0').slice(-12);
  const r = randomBytes(4).readUInt32BE(0) >>> 2; // 30 bits
  // version 7 + 12 random bits | variant 10 + 18 random bits + 44-bit counter (the top 2 of 46 bits are random).
  const randA = (r >>> 18) & 0xfff;
  const randB = r & 0x3ffff;
  const head = `${ms.slice(0, 8)}-${ms.slice(8)}-7${randA.toString(16).padStart(3, '0')}-`;
  const variantHigh = 0x8000 | ((randB >>> 4) & 0x3fff); // 10 + 14 bits
  const low4 = randB & 0xf; // the remaining 4 random bits lead the last 48 bits
  let counter = 0;
  return () => {
    const tail = (low4 * 2 ** 44 + counter++).toString(16).padStart(12, '0');
    return `${head}${variantHigh.toString(16)}-${tail}`;
  };
}

const COPY_SPECIAL = /[\\\n\r\t]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A value in COPY's text format: null as \N; backslash, tab and line breaks escaped. */
export function copyText(v: string | null | undefined): string {
  if (v === null || v === undefined) return '\\N';
  return COPY_SPECIAL.test(v) ? v.replace(/[\\\n\r\t]/g, (ch) => COPY_ESCAPES[ch] as string) : v;
}

/** A unique violation means a product with one of the file's SKUs was added while the file loaded. */
function toConflict(err: unknown): unknown {
  if ((err as { code?: string }).code === '23505') return new AppError('conflict', BULK_MESSAGES.concurrentSku);
  return err;
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
