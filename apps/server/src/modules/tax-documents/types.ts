import type { TaxDocumentKind } from '../../db/schema/tax.ts';

export interface FrozenParty {
  name: string;
  contact?: string | null;
  address: string;
  gstin: string | null;
  stateName: string;
  stateCode: string;
}

/** One line as issued; money in integer paise, rates in percent. `lineNo` is the invoice line a note adjusts. */
export interface FrozenLine {
  lineNo: number;
  description: string;
  hsn: string;
  uqc: string;
  /** Null on a note that adjusts value only (no goods move). */
  quantity: number | null;
  ratePaise: number;
  taxablePaise: number;
  gstRate: number;
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

export interface FrozenTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** The whole of an issued document: what its PDF, e-invoice JSON and returns are built from. */
export interface FrozenDocument {
  kind: TaxDocumentKind;
  number: string;
  issuedAt: string;
  financialYear: string;
  orderNumber: string;
  orderDate: string;
  supplyType: 'intra' | 'inter';
  reverseCharge: false;
  seller: FrozenParty;
  buyer: FrozenParty;
  shipTo: { address: string; pincode: string; city: string; stateName: string; stateCode: string };
  placeOfSupply: { stateName: string; stateCode: string };
  lines: FrozenLine[];
  totals: FrozenTotals;
  amountInWords: string;
  /** Credit and debit notes: the invoice they adjust. */
  invoice?: { number: string; date: string };
  reason?: string | null;
  transport?: { carrier: string | null; trackingNumber: string | null };
}
