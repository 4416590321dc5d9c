import { CSV_QUOTED, csvCellValue } from '@ub/shared';
import { type Stringifier, stringify } from 'csv-stringify';

export interface CsvColumn {
  key: string;
  header: string;
  /** Amounts and quantities the product writes: a decimal here stays a number, a negative one included. */
  numeric?: boolean;
}

/**
 * The one CSV writer of the server: objects in, RFC 4180 text out, with a header row and a BOM for Excel. Every
 * cell goes through the shared csvCellValue (formula-looking text neutralised, see packages/shared/src/csv.ts)
 * and everything but a plain number is quoted, exactly as the browser's csvCell writes it.
 */
export function csvStringifier(columns: CsvColumn[]): Stringifier {
  const numeric = new Set(columns.filter((c) => c.numeric).map((c) => c.key));
  return stringify({
    header: true,
    columns: columns.map(({ key, header }) => ({ key, header })),
    bom: true,
    cast: {
      string: (value, context) => csvCellValue(value, { numeric: numeric.has(String(context.column)) }),
      date: (value) => value.toISOString(),
    },
    quoted_match: [CSV_QUOTED],
  });
}
