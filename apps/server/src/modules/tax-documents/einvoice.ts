import { canonicalStateName } from '@ub/shared';
import { DEMO_PLATFORM_GSTIN } from '../../config.ts';
import type { FrozenDocument } from './types.ts';

/**
 * The government's e-invoice JSON (schema INV-01, version 1.1, as notified for the Invoice Registration Portal)
 * of an issued invoice, credit note or debit note, built from its frozen copy. Amounts in rupees with two
 * decimals; dates DD/MM/YYYY in IST.
 */
const rupees = (paise: number) => Math.round(paise) / 100;
const ddmmyyyy = (iso: string) => {
  const d = new Date(new Date(iso).getTime() + 330 * 60_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};
const pin = (text: string, fallback = 0) => Number(/\b([1-9]\d{5})\b/.exec(text)?.[1] ?? fallback);
/** Address lines of 3 to 100 characters, as the schema takes them. */
const addr1 = (text: string) => (text.length >= 3 ? text.slice(0, 100) : `${text}   `.slice(0, 3));

export const EINVOICE_DOC_TYPE = { invoice: 'INV', credit_note: 'CRN', debit_note: 'DBN' } as const;

/**
 * The place (city or town) of a one-line address, as the schema's `Loc` and the e-way bill's `fromPlace` want it:
 * the last comma-separated part that is neither the PIN code nor the state. "Unit 4, Saki Vihar Road, Powai,
 * Mumbai, Maharashtra 400072" is Mumbai. Falls back to the state name when the address names no place.
 */
export function placeOf(address: string, stateName: string): string {
  const parts = address
    .split(',')
    .map((p) => p.replace(/\b[1-9]\d{5}\b/g, '').trim())
    .filter((p) => p.length > 0);
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i] as string;
    const isState = canonicalStateName(part) !== undefined || part.toLowerCase() === stateName.toLowerCase();
    if (!isState && /[A-Za-z]{3}/.test(part)) return part.slice(0, 50);
  }
  return (stateName || 'India').slice(0, 50);
}

/**
 * The e-commerce operator's GSTIN for `EcmGstin` (every order here is a supply through the platform, CGST Act
 * s.52): PLATFORM_GSTIN, or outside production the demo one, as config.ts reads it; null leaves it out.
 */
export function operatorGstin(env: NodeJS.ProcessEnv = process.env): string | null {
  const set = (env.PLATFORM_GSTIN ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (set) return set;
  return env.NODE_ENV === 'production' ? null : DEMO_PLATFORM_GSTIN;
}

export function einvoiceJson(doc: FrozenDocument, ecmGstin: string | null = operatorGstin()) {
  const seller = doc.seller;
  const buyer = doc.buyer;
  const items = doc.lines.map((l, i) => {
    const tax = l.cgstPaise + l.sgstPaise + l.igstPaise;
    return {
      SlNo: String(i + 1),
      PrdDesc: l.description.slice(0, 300),
      IsServc: 'N',
      HsnCd: l.hsn,
      Qty: l.quantity ?? 0,
      Unit: l.uqc,
      UnitPrice: rupees(l.quantity ? l.ratePaise : l.taxablePaise),
      TotAmt: rupees(l.taxablePaise),
      Discount: 0,
      AssAmt: rupees(l.taxablePaise),
      GstRt: l.gstRate,
      IgstAmt: rupees(l.igstPaise),
      CgstAmt: rupees(l.cgstPaise),
      SgstAmt: rupees(l.sgstPaise),
      CesRt: 0,
      CesAmt: 0,
      CesNonAdvlAmt: 0,
      StateCesRt: 0,
      StateCesAmt: 0,
      StateCesNonAdvlAmt: 0,
      OthChrg: 0,
      TotItemVal: rupees(l.taxablePaise + tax),
    };
  });
  return {
    Version: '1.1',
    TranDtls: {
      TaxSch: 'GST',
      SupTyp: buyer.gstin ? 'B2B' : 'B2C',
      RegRev: 'N',
      ...(ecmGstin ? { EcmGstin: ecmGstin } : {}),
      IgstOnIntra: 'N',
    },
    DocDtls: { Typ: EINVOICE_DOC_TYPE[doc.kind], No: doc.number, Dt: ddmmyyyy(doc.issuedAt) },
    SellerDtls: {
      Gstin: seller.gstin ?? '',
      LglNm: seller.name.slice(0, 100),
      Addr1: addr1(seller.address),
      Loc: placeOf(seller.address, seller.stateName),
      Pin: pin(seller.address),
      Stcd: seller.stateCode,
    },
    BuyerDtls: {
      Gstin: buyer.gstin ?? 'URP',
      LglNm: buyer.name.slice(0, 100),
      Pos: doc.placeOfSupply.stateCode,
      Addr1: addr1(buyer.address || doc.shipTo.address),
      Loc: doc.shipTo.city.slice(0, 50) || 'India',
      Pin: pin(buyer.address, Number(doc.shipTo.pincode)),
      Stcd: buyer.stateCode || doc.placeOfSupply.stateCode,
    },
    DispDtls: {
      Nm: seller.name.slice(0, 100),
      Addr1: addr1(seller.address),
      Loc: placeOf(seller.address, seller.stateName),
      Pin: pin(seller.address),
      Stcd: seller.stateCode,
    },
    ShipDtls: {
      ...(buyer.gstin ? { Gstin: buyer.gstin } : {}),
      LglNm: buyer.name.slice(0, 100),
      Addr1: addr1(doc.shipTo.address),
      Loc: doc.shipTo.city.slice(0, 50) || 'India',
      Pin: Number(doc.shipTo.pincode),
      Stcd: doc.shipTo.stateCode,
    },
    ItemList: items,
    // A credit or debit note names the invoice it adjusts (RefDtls.PrecDocDtls, as the IRP asks of CRN and DBN).
    ...(doc.invoice
      ? { RefDtls: { PrecDocDtls: [{ InvNo: doc.invoice.number, InvDt: ddmmyyyy(doc.invoice.date) }] } }
      : {}),
    ValDtls: {
      AssVal: rupees(doc.totals.taxablePaise),
      CgstVal: rupees(doc.totals.cgstPaise),
      SgstVal: rupees(doc.totals.sgstPaise),
      IgstVal: rupees(doc.totals.igstPaise),
      CesVal: 0,
      StCesVal: 0,
      Discount: 0,
      OthChrg: 0,
      RndOffAmt: 0,
      TotInvVal: rupees(doc.totals.totalPaise),
    },
  };
}
export type EinvoiceJson = ReturnType<typeof einvoiceJson>;
