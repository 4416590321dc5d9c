import { type Stringifier, stringify } from 'csv-stringify';

export interface CsvColumn {
  key: string;
  header: string;
}

/** The one CSV writer of the server: objects in, RFC 4180 text out, with a header row and a BOM for Excel. */
export function csvStringifier(columns: CsvColumn[]): Stringifier {
  return stringify({ header: true, columns, bom: true });
}
