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

export function einvoiceJson(doc: FrozenDocument) {
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
    TranDtls: { TaxSch: 'GST', SupTyp: buyer.gstin ? 'B2B' : 'B2C', RegRev: 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: EINVOICE_DOC_TYPE[doc.kind], No: doc.number, Dt: ddmmyyyy(doc.issuedAt) },
    SellerDtls: {
      Gstin: seller.gstin ?? '',
      LglNm: seller.name.slice(0, 100),
      Addr1: addr1(seller.address),
      Loc: (seller.stateName || 'India').slice(0, 50),
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
      Loc: (seller.stateName || 'India').slice(0, 50),
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
