/**
 * CSV cells safe to open in a spreadsheet (OWASP "CSV injection"). Text that begins with `=`, `+`, `-`, `@`, a tab
 * or a carriage return (or the full-width `＝＋－＠`, which some spreadsheets fold into them) is read by Excel,
 * LibreOffice and Google Sheets as a formula, so a lead named `=HYPERLINK(...)` or `=cmd|' /C calc'!A0` would run
 * on the admin's machine. Such text gets a leading apostrophe, which spreadsheets show as text. Every CSV the
 * product writes goes through here: the server's writer (apps/server/src/lib/csv.ts) and the browser's bulk-upload
 * error report.
 *
 * Numbers the product itself writes (amounts, quantities) stay numbers, negative ones included: they come as JS
 * numbers, or as exact decimal strings in a column the writer declares numeric. Text from people is always text,
 * so a lead whose notes say `-5` is written `'-5`.
 */

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Every cell but a plain decimal number is quoted: see csvCell. */
export const CSV_QUOTED = /^(?!-?\d+(\.\d+)?$)/;

/** The text as a spreadsheet should show it: with a leading apostrophe when it would start a formula. */
export function neutraliseCsvText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * The value of one cell before quoting: numbers as they are, a decimal string as it is when `numeric` (a column of
 * amounts), anything else as neutralised text. null and undefined are empty.
 */
export function csvCellValue(value: unknown, opts: { numeric?: boolean } = {}): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  const text = String(value);
  if (opts.numeric && DECIMAL.test(text)) return text;
  return neutraliseCsvText(text);
}

/**
 * One CSV cell as RFC 4180 text. Everything but a plain number is quoted, so a `;` cannot split text into a new
 * cell (and a new formula) where the spreadsheet's list separator is `;`, and numbers stay numbers.
 */
export function csvCell(value: unknown, opts: { numeric?: boolean } = {}): string {
  const cell = csvCellValue(value, opts);
  return CSV_QUOTED.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** One CSV record (no line ending). */
export const csvRecord = (cells: unknown[]) => cells.map((c) => csvCell(c)).join(',');
