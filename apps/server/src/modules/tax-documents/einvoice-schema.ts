import { GST_RATES_IN_FORCE } from '@ub/shared';

/**
 * JSON Schema of the e-invoice (INV-01, version 1.1), written from the schema the government notified and
 * publishes on the e-invoice portal (einvoice1.gst.gov.in, "e-Invoice JSON Schema", Version 1.1; the same
 * document as the CBIC notification of the INV-01 schema): the sections, required fields, lengths, patterns and
 * enumerations of what this product sends. Optional sections it never fills (PayDtls, AddlDocDtls, ExpDtls,
 * EwbDtls) are left out. The local IRP simulator validates against it, as the portal does. The published schema
 * types `GstRt` as a number from 0 to 999.999 and the IRP checks it against its rate master: here the master is
 * the rates in force (GST_RATES_IN_FORCE in @ub/shared, 40 % included since 22 September 2025).
 */
const gstin = { type: 'string', pattern: '^[0-9]{2}[0-9A-Z]{13}$' };
const stcd = { type: 'string', minLength: 1, maxLength: 2, pattern: '^(?!0+$)([0-9]{1,2})$' };
const pin = { type: 'integer', minimum: 100000, maximum: 999999 };
const text = (min: number, max: number) => ({ type: 'string', minLength: min, maxLength: max });
const amount = { type: 'number', minimum: 0, exclusiveMaximum: 100000000000000 };
const party = (extra: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  required: ['LglNm', 'Addr1', 'Loc', 'Pin', 'Stcd', ...required],
  properties: {
    LglNm: text(3, 100),
    TrdNm: text(3, 100),
    Addr1: text(1, 100),
    Addr2: text(3, 100),
    Loc: text(3, 50),
    Pin: pin,
    Stcd: stcd,
    Ph: { type: 'string', pattern: '^[0-9]{6,12}$' },
    Em: text(6, 100),
    ...extra,
  },
});

export const EINVOICE_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'GST-INVOICE (INV-01) v1.1',
  type: 'object',
  required: ['Version', 'TranDtls', 'DocDtls', 'SellerDtls', 'BuyerDtls', 'ItemList', 'ValDtls'],
  properties: {
    Version: { type: 'string', pattern: '^([1-9]{1}\\.[0-9]{1,2})$' },
    TranDtls: {
      type: 'object',
      required: ['TaxSch', 'SupTyp'],
      properties: {
        TaxSch: { enum: ['GST'] },
        SupTyp: { enum: ['B2B', 'SEZWP', 'SEZWOP', 'EXPWP', 'EXPWOP', 'DEXP'] },
        RegRev: { enum: ['Y', 'N'] },
        EcmGstin: gstin,
        IgstOnIntra: { enum: ['Y', 'N'] },
      },
    },
    DocDtls: {
      type: 'object',
      required: ['Typ', 'No', 'Dt'],
      properties: {
        Typ: { enum: ['INV', 'CRN', 'DBN'] },
        No: { type: 'string', minLength: 1, maxLength: 16, pattern: '^([A-Z1-9]{1}[A-Z0-9/-]{0,15})$' },
        Dt: { type: 'string', pattern: '^[0-3][0-9]/[0-1][0-9]/[2][0][1-9][0-9]$' },
      },
    },
    SellerDtls: party({ Gstin: gstin }, ['Gstin']),
    BuyerDtls: party({ Gstin: { type: 'string', pattern: '^([0-9]{2}[0-9A-Z]{13}|URP)$' }, Pos: stcd }, [
      'Gstin',
      'Pos',
    ]),
    DispDtls: {
      type: 'object',
      required: ['Nm', 'Addr1', 'Loc', 'Pin', 'Stcd'],
      properties: {
        Nm: text(3, 100),
        Addr1: text(1, 100),
        Addr2: text(3, 100),
        Loc: text(3, 50),
        Pin: pin,
        Stcd: stcd,
      },
    },
    ShipDtls: party({ Gstin: { type: 'string', pattern: '^([0-9]{2}[0-9A-Z]{13}|URP)$' } }, []),
    ItemList: {
      type: 'array',
      minItems: 1,
      maxItems: 1000,
      items: {
        type: 'object',
        required: ['SlNo', 'IsServc', 'HsnCd', 'UnitPrice', 'TotAmt', 'AssAmt', 'GstRt', 'TotItemVal'],
        properties: {
          SlNo: text(1, 6),
          PrdDesc: text(3, 300),
          IsServc: { enum: ['Y', 'N'] },
          HsnCd: { type: 'string', pattern: '^(?!0+$)([0-9]{4}|[0-9]{6}|[0-9]{8})$' },
          Qty: { type: 'number', minimum: 0, maximum: 9999999999.999 },
          FreeQty: { type: 'number', minimum: 0 },
          Unit: text(3, 8),
          UnitPrice: amount,
          TotAmt: amount,
          Discount: amount,
          PreTaxVal: amount,
          AssAmt: amount,
          GstRt: { type: 'number', enum: GST_RATES_IN_FORCE.map((r) => r.rate) },
          IgstAmt: amount,
          CgstAmt: amount,
          SgstAmt: amount,
          CesRt: { type: 'number', minimum: 0, maximum: 100 },
          CesAmt: amount,
          CesNonAdvlAmt: amount,
          StateCesRt: { type: 'number', minimum: 0, maximum: 100 },
          StateCesAmt: amount,
          StateCesNonAdvlAmt: amount,
          OthChrg: amount,
          TotItemVal: amount,
        },
      },
    },
    RefDtls: {
      type: 'object',
      properties: {
        InvRm: text(3, 100),
        PrecDocDtls: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['InvNo', 'InvDt'],
            properties: {
              InvNo: { type: 'string', minLength: 1, maxLength: 16, pattern: '^[1-9a-zA-Z]{1}[0-9a-zA-Z/-]{1,15}$' },
              InvDt: { type: 'string', pattern: '^[0-3][0-9]/[0-1][0-9]/[2][0][1-9][0-9]$' },
              OthRefNo: text(1, 20),
            },
          },
        },
      },
    },
    ValDtls: {
      type: 'object',
      required: ['AssVal', 'TotInvVal'],
      properties: {
        AssVal: amount,
        CgstVal: amount,
        SgstVal: amount,
        IgstVal: amount,
        CesVal: amount,
        StCesVal: amount,
        Discount: amount,
        OthChrg: amount,
        RndOffAmt: { type: 'number', minimum: -99.99, maximum: 99.99 },
        TotInvVal: amount,
        TotInvValFc: amount,
      },
    },
  },
} as const;
